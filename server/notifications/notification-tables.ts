// Row type of the notification centre's table, declared next to the code that writes it; it joins
// the database's type (`Database`, server/db/tables.ts) by declaration merging, so the shared file
// names no domain.
import type { ColumnType, Generated } from 'kysely';
import type { Stamp } from '../db/column-types.ts';

export interface NotificationsTable {
  id: Generated<string | number>;
  user_id: number;
  /** What happened, one of `NotificationKind` (schemas/api/notifications.schema.ts). */
  kind: string;
  /** The figures its words are built from: ids, assets, amounts, symbols; never free text. */
  params: ColumnType<unknown, string, never>;
  /**
   * What the event is, as every node that hears it names it (`withdrawal:7:approved`): one row per
   * event however many nodes record it, or however often its frame is sent.
   */
  event_key: string;
  created_at: Stamp;
  read_at: Stamp | null;
}

export interface NotificationTables {
  notifications: NotificationsTable;
}

declare module '../db/tables.ts' {
  interface Database extends NotificationTables {}
}
