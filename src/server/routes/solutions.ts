import type { Hono } from 'hono';
import { solutionsGroups, solutionsItem, solutionsPage } from '#api/solutions.ts';
import type { Db } from '../db/index.ts';
import { getSolution, listSolutionGroups, pageSolutions } from '../db/solutions.ts';
import { ApiError } from '../errors.ts';
import type { ReadCache } from '../read-cache.ts';
import { handleRead } from '../router.ts';

export function solutionsRoutes(app: Hono, db: Db, reads: ReadCache | undefined): void {
  handleRead(app, db, reads, solutionsPage, (input, { language }) => pageSolutions(db, language, input));
  handleRead(app, db, reads, solutionsItem, async (input, { language }) => {
    const solution = await getSolution(db, language, input.id);
    if (!solution) throw new ApiError(404, 'api.notFound', { thing: 'solution', id: input.id });
    return solution;
  });
  handleRead(app, db, reads, solutionsGroups, (_input, { language }) => listSolutionGroups(db, language));
}
