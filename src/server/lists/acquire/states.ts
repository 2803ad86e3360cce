/** The state lists' recipes and the services they call (research/list-acquisition.md §2). */
import type { Recipe } from './recipe';
import type { Service } from './resolve';

export const STATE_RECIPES: Recipe[] = [];

export const STATE_SERVICES: Readonly<Record<string, Service>> = {};
