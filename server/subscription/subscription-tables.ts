// Row types of the subscription's tables, declared next to the code that writes them;
// they join the database's type (`Database`, server/db/tables.ts) by declaration
// merging, so the shared file names no product.
import type { Generated } from 'kysely';
import type { Stamp } from '../db/column-types.ts';

export interface SubscriptionProjectsTable {
  id: Generated<number>;
  name: string;
  asset: string;
  price: string;
  supply: string;
  cap: string;
  start_at: Stamp;
  end_at: Stamp;
  distribute_at: Stamp;
  created_at: Stamp;
  salt: string;
  allocated_at: Stamp | null;
  distributed_through: string | null;
  distributed_at: Stamp | null;
}

export interface SubscriptionCommitmentsTable {
  project_id: number;
  user_id: number;
  account: string;
  committed: string;
  committed_at: Stamp;
}

export interface SubscriptionTables {
  subscription_projects: SubscriptionProjectsTable;
  subscription_commitments: SubscriptionCommitmentsTable;
}

declare module '../db/tables.ts' {
  interface Database extends SubscriptionTables {}
}
