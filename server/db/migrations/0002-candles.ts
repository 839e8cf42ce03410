// Candles of every market and period, so charts survive a restart. Prices and volumes are
// decimals as the market quotes them; open times are ms since the epoch.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table candles (
    symbol text not null,
    period text not null,
    open_time bigint not null,
    open numeric(38, 12) not null,
    high numeric(38, 12) not null,
    low numeric(38, 12) not null,
    close numeric(38, 12) not null,
    volume numeric(38, 12) not null,
    quote_volume numeric(38, 12) not null,
    primary key (symbol, period, open_time)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table candles`.execute(db);
}
