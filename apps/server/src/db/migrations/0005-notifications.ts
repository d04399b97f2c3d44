// Notifications to users about port-call changes, and the message thread of each port call (vessel communication).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notification_messages (
      id bigserial primary key,
      portal_user_id integer not null references portal_users(id) on delete cascade,
      portcall_id integer references portcalls(id) on delete cascade,
      notification_type text not null check (notification_type in ('portcall_update', 'revised', 'accepted')),
      details jsonb not null default '{}'::jsonb,
      read_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index notification_messages_user on notification_messages(portal_user_id, id desc);
    create index notification_messages_unread on notification_messages(portal_user_id) where read_at is null;

    create table portcall_messages (
      id bigserial primary key,
      portcall_id integer not null references portcalls(id) on delete cascade,
      author_user_id integer not null references portal_users(id),
      body text not null check (length(body) between 1 and 2000),
      created_at timestamptz not null default now()
    );
    create index portcall_messages_portcall on portcall_messages(portcall_id, id);

    create table portcall_message_reads (
      portcall_id integer not null references portcalls(id) on delete cascade,
      portal_user_id integer not null references portal_users(id) on delete cascade,
      last_read_message_id bigint not null,
      primary key (portcall_id, portal_user_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table portcall_message_reads, portcall_messages, notification_messages;`.execute(db);
}
