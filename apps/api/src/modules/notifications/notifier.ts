import { isLanguage } from '@hafla/shared/common/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Background } from '../../lib/background';
import type { MailKind, MailWorker } from '../mail/mail-worker';
import { renderNoticeMail } from '../../lib/mail/templates';
import type { Realtime } from '../../plugins/realtime';
import * as queries from './queries';
import { toNotification } from './service';
import { eventLinkLabel, walletLinkLabel, notificationsLinkLabel } from './templates';

/** How long a process may take over a fan-out before another may take it over. */
const CLAIM_SECONDS = 120;
/** Pushes go out in chunks of this many notifications. */
const CHUNK = 500;

export interface NotifierDeps {
  db: Db;
  realtime: Realtime;
  background: Background;
  /** Poked when a fan-out committed the mails of its emailed kinds (EMAILED_KINDS). */
  mailer: Pick<MailWorker, 'poke'>;
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
}

/**
 * Delivers what is already written: pushes notifications to their readers' channels after the
 * commit, and runs queued fan-outs. A push that never happens loses nothing (the list has it; the
 * client refetches on reconnect); a fan-out whose process died is claimed again by the sweep.
 */
export class Notifier {
  /** Notifications committed while a push was under way: the next push takes them all. */
  private waiting: number[] = [];
  private pushing = false;

  constructor(private readonly deps: NotifierDeps) {}

  /**
   * After a commit: push these notifications in the background. One push at a time: what
   * commits meanwhile goes out together in the next (one read and one message to the other
   * processes for many, as a rush of sales or check-ins makes them), the first at once.
   */
  push(ids: number[]): void {
    if (ids.length === 0) return;
    this.waiting.push(...ids);
    if (this.pushing) return;
    this.pushing = true;
    this.deps.background.run('notification-push', async () => {
      try {
        while (this.waiting.length > 0) await this.deliver(this.waiting.splice(0));
      } finally {
        this.pushing = false;
      }
    });
  }

  /** After a commit that queued a fan-out: run the open fan-outs in the background. */
  drain(): void {
    this.deps.background.run('notification-fanout', () => this.runFanouts());
  }

  /** Picks up fan-outs left by a process that stopped, every `intervalMs`. */
  start(intervalMs: number): void {
    this.deps.background.every(intervalMs, 'notification-fanout', () => this.runFanouts());
  }

  async runFanouts(): Promise<void> {
    while (!this.deps.background.stopping) {
      const job = await queries.claimFanout(this.deps.db, CLAIM_SECONDS);
      if (!job) return;
      let inserted: Array<{ id: number }>;
      try {
        inserted = await queries.deliverFanout(this.deps.db, job);
      } catch (error) {
        if (error instanceof queries.FanoutAlreadyDone) continue;
        throw error;
      }
      this.deps.mailer.poke();
      await this.deliver(inserted.map((row) => row.id));
    }
  }

  /** Pushes each notification in both languages (a client reads its own). */
  private async deliver(ids: number[]): Promise<void> {
    for (let start = 0; start < ids.length; start += CHUNK) {
      const rows = await queries.loadForPush(this.deps.db, ids.slice(start, start + CHUNK));
      this.deps.realtime.push(
        rows.map((row) => ({
          userId: row.notification.user_id,
          rendered: { en: toNotification(row, 'en'), ar: toNotification(row, 'ar') },
        })),
      );
    }
  }
}

/** How the mail worker renders a notification's email, in the language it was queued in. */
export function notificationMailKind(deps: Pick<NotifierDeps, 'db' | 'publicUrl'>): MailKind {
  return {
    async render(row) {
      const id = row.params.notification;
      if (typeof id !== 'number') return null;
      const [found] = await queries.loadForPush(deps.db, [id]);
      if (!found) return null;
      const language = isLanguage(row.language) ? row.language : 'en';
      const notification = toNotification(found, language);
      const path =
        notification.type === 'withdrawal'
          ? '/organizer/wallet'
          : notification.type === 'report'
            ? '/notifications'
            : `/events/${notification.extra_data.event}`;
      const link = deps.publicUrl
        ? {
            label:
              notification.type === 'withdrawal'
                ? walletLinkLabel(language)
                : notification.type === 'report'
                  ? notificationsLinkLabel(language)
                  : eventLinkLabel(language),
            url: new URL(path, deps.publicUrl).toString(),
          }
        : undefined;
      return {
        ...renderNoticeMail(language, { ...notification, link }),
        tag: `notification-${notification.kind}`,
      };
    },
  };
}
