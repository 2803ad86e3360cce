/** Every source has a recipe, and the stand-in serves every source a server fetches by itself. */
import { describe, expect, it } from 'vitest';
import { LIST_SOURCES } from '#lists/sources';
import { RECIPES } from '#server/lists/acquire/recipes';
import { servedSources } from './index';
import { stateRoutes } from './states';

const automatic = RECIPES.filter((r) => r.method !== 'upload').map((r) => r.source);

describe('recipes and the stand-in', () => {
  it('has a recipe for every source, and none for a source that does not exist', () => {
    const withRecipe = new Set(RECIPES.map((r) => r.source));
    expect(LIST_SOURCES.map((s) => s.id).filter((id) => !withRecipe.has(id))).toEqual([]);
    expect([...withRecipe].filter((id) => !LIST_SOURCES.some((s) => s.id === id))).toEqual([]);
    expect(RECIPES).toHaveLength(withRecipe.size);
  });

  it('gives every recipe a page, a cadence and a basis citing the research', () => {
    for (const r of RECIPES) {
      expect(r.page, r.source).toMatch(/^https:\/\//);
      expect(r.cadence, r.source).not.toBe('');
      expect(r.basis, r.source).toMatch(r.source.startsWith('state-') ? /§2\.[12]|not in the research/ : /§1/);
    }
  });

  it('serves every state source that has an automatic recipe, and no upload-only one', () => {
    const states = automatic.filter((s) => s.startsWith('state-')).sort();
    expect(servedSources(stateRoutes())).toEqual(states);
    expect(servedSources().filter((s) => s.startsWith('state-'))).toEqual(states);
  });

  it('serves every automatic source, federal ones too: only the licensed DMF and the upload-only states are not served', () => {
    expect(servedSources()).toEqual([...automatic].sort());
    expect(RECIPES.filter((r) => r.method === 'upload').map((r) => r.source).sort()).toEqual(['dmf', 'state-az-exclusions', 'state-ct', 'state-id', 'state-il', 'state-vt']);
  });
});
