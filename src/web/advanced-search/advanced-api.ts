/** Calls of Advance Search, through the app's one api helper. */
import { AdvancedOptionsSchema, AdvancedSearchResultSchema, type AdvancedSearchInput } from '#shared/advanced-search';
import { api } from '../app/api';

const BASE = '/services/advancedsearch';

export const fetchAdvancedOptions = () => api(`${BASE}/options`, { schema: AdvancedOptionsSchema });

export const runAdvancedSearch = (input: AdvancedSearchInput) => api(BASE, { method: 'POST', body: input, schema: AdvancedSearchResultSchema });

export const fetchAdvancedSearch = (searchId: number) => api(`${BASE}/searches/${searchId}`, { schema: AdvancedSearchResultSchema });
