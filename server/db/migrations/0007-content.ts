// Articles and notices with their text per language, the fixed documents per language, and the
// support conversation between each user and the operators.
import { type Kysely, sql } from 'kysely';

const statements = [
  `create table articles (
    id serial primary key,
    category_id integer not null check (category_id > 0),
    cover text,
    published_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index articles_category_idx on articles (category_id, published_at desc, id desc)',
  `create table article_texts (
    article_id integer not null references articles(id) on delete cascade,
    lang text not null,
    title text not null,
    body text not null,
    primary key (article_id, lang)
  )`,
  `create table documents (
    key text not null,
    lang text not null,
    title text not null,
    body text not null,
    updated_at timestamptz not null default now(),
    primary key (key, lang)
  )`,
  `create table support_messages (
    id serial primary key,
    user_id integer not null references users(id),
    from_operator boolean not null,
    body text not null,
    created_at timestamptz not null default now()
  )`,
  'create index support_messages_user_idx on support_messages (user_id, id desc)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['support_messages', 'documents', 'article_texts', 'articles']) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
