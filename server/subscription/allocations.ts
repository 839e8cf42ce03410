// Each allocated project's allocation, by account hash: computed by the published rule from the
// commitments when first asked for, then kept, since a project's commitments stop changing when its
// pre-sale ends. The server stores no allocation it could disagree with.
import { type Allocation, allocate } from '../../core/subscription/allocation.ts';
import type { Db } from '../db/database.ts';
import { type Project, projectCommitments } from './subscription-store.ts';

export class Allocations {
  readonly #byProject = new Map<number, Map<string, Allocation>>();

  constructor(private readonly db: Db) {}

  /** The project's allocation by account hash; null while its pre-sale runs. */
  async of(project: Project): Promise<ReadonlyMap<string, Allocation> | null> {
    if (project.allocatedAt === null) return null;
    const known = this.#byProject.get(project.id);
    if (known) return known;
    const commitments = await projectCommitments(this.db, project.id);
    const computed = new Map(
      allocate(project.supply, project.price, commitments).map((row) => [row.account, row]),
    );
    this.#byProject.set(project.id, computed);
    return computed;
  }
}
