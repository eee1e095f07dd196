import type { Hono } from 'hono';
import { solutionsGroups, solutionsItem, solutionsPage } from '#api/solutions.ts';
import type { Db } from '../db/index.ts';
import { getSolution, listSolutionGroups, pageSolutions } from '../db/solutions.ts';
import { ApiError } from '../errors.ts';
import { handle } from '../router.ts';

export function solutionsRoutes(app: Hono, db: Db): void {
  handle(app, db, solutionsPage, (input, { language }) => pageSolutions(db, language, input));
  handle(app, db, solutionsItem, async (input, { language }) => {
    const solution = await getSolution(db, language, input.id);
    if (!solution) throw new ApiError(404, 'api.notFound', { thing: 'solution', id: input.id });
    return solution;
  });
  handle(app, db, solutionsGroups, (_input, { language }) => listSolutionGroups(db, language));
}
