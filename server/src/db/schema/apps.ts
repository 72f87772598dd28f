import {
  pgTable,
  serial,
  bigserial,
  bigint,
  integer,
  text,
  boolean,
  jsonb,
  primaryKey,
  uniqueIndex,
  index,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from './columns.js';
import { users } from './core.js';

// ---------- mail: between users of the system ----------

/** A mail message; `sentAt` null = a draft of its sender. */
export const mailMessages = pgTable('mail_messages', {
  id: serial('id').primaryKey(),
  senderId: integer('sender_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  subject: text('subject').notNull(),
  /** Sanitised HTML. */
  body: text('body').notNull(),
  replyToId: integer('reply_to_id'),
  sentAt: ts('sent_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const mailRecipients = pgTable(
  'mail_recipients',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** to | cc */
    kind: text('kind').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

/** Each user's copy of a message: its folder (inbox, sent, drafts, trash) and marks. A user sees only their own. */
export const mailboxEntries = pgTable(
  'mailbox_entries',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folder: text('folder').notNull(),
    read: boolean('read').notNull().default(false),
    starred: boolean('starred').notNull().default(false),
    important: boolean('important').notNull().default(false),
    labelIds: jsonb('label_ids').$type<number[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mailbox_entries_message_user').on(t.messageId, t.userId),
    index('mailbox_entries_user_folder').on(t.userId, t.folder, t.createdAt),
  ],
);

export const mailLabels = pgTable(
  'mail_labels',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
  },
  (t) => [uniqueIndex('mail_labels_user_name').on(t.userId, sql`lower(${t.name})`)],
);

export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull().default(''),
  },
  (t) => [index('mail_attachments_message').on(t.messageId)],
);

// ---------- chat ----------

export const chatConversations = pgTable('chat_conversations', {
  id: serial('id').primaryKey(),
  /** direct | group */
  type: text('type').notNull(),
  title: text('title'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastMessageAt: ts('last_message_at'),
});

/** Who takes part in a conversation and how far they have read (unread = messages after it). */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('chat_participants_user').on(t.userId)],
);

/** Messages in send order (`id`); `clientId` lets a resent message be taken once. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull().default(''),
    /** text | image */
    contentType: text('content_type').notNull(),
    attachments: jsonb('attachments')
      .$type<{ url: string; mime: string; size: number; name: string }[]>()
      .notNull()
      .default([]),
    clientId: text('client_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation').on(t.conversationId, t.id),
    uniqueIndex('chat_messages_sender_client').on(t.senderId, t.clientId),
  ],
);

// ---------- calendar ----------

/** A user's own calendar event (marketing windows are read-only events from /api/v2/calendar-events). */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    allDay: boolean('all_day').notNull().default(false),
    color: text('color').notNull(),
    timezone: text('timezone').notNull().default('Asia/Bangkok'),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('calendar_events_user_starts').on(t.userId, t.startsAt)],
);
