/** Per scope, the adaptive search's figures (search.ts); no cell when the run did not evaluate the search. */
import type { ModelMetrics } from '../metrics.js';
import { addSearchRow, emptySearchCounts, searchFiguresOf, type SearchCounts } from '../search.js';
import { perScope, type CellKind, type MetricCell } from './cell.js';
import { SEARCH_NAME } from '../../perturb/search/descriptor.js';

export const searchCell: CellKind = {
  fields: ['search'],
  make(context): MetricCell | null {
    const at = context.perturbed.indexOf(SEARCH_NAME as never);
    if (at < 0) return null;
    const counts = perScope(context, emptySearchCounts);
    return {
      add(x) {
        const row = x.rows[1 + at];
        if (row === undefined) return;
        for (const s of x.scopes) addSearchRow(counts[s] as SearchCounts, row);
      },
      finish() {
        const search: NonNullable<ModelMetrics['search']> = context.scopes.map((scope, s) => ({
          scope,
          ...searchFiguresOf(counts[s] as SearchCounts, context.facts.searchBudget ?? null)
        }));
        return { search };
      }
    };
  }
};
