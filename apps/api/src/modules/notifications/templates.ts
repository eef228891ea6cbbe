import type { Language } from '@hafla/shared/common/i18n';
import type { NotificationKind } from '@hafla/shared/notifications/notifications';
import { formatMoney } from '../../lib/money';
import { formatSlotDay, formatSlotTimes } from '../../lib/tickets/slot-text';

/** What a stored notification is rendered from: its kind and parameters, and its event now. */
export interface NotificationSource {
  kind: NotificationKind;
  params: Record<string, string | number>;
  event: { title: string; timezone: string; organizer: string };
}

interface Rendered {
  title: string;
  content: string;
}

const num = (params: NotificationSource['params'], name: string) => Number(params[name] ?? 0);
const str = (params: NotificationSource['params'], name: string) => String(params[name] ?? '');

/** "1 ticket", "2 tickets"; Arabic by its own plural rules (one, two, few, many). */
function ticketCount(count: number, language: Language): string {
  if (language === 'en') return `${count} ${count === 1 ? 'ticket' : 'tickets'}`;
  switch (new Intl.PluralRules('ar').select(count)) {
    case 'one':
      return 'تذكرة واحدة';
    case 'two':
      return 'تذكرتان';
    case 'few':
      return `${count} تذاكر`;
    default:
      return `${count} تذكرة`;
  }
}

function slotText(source: NotificationSource, language: Language): string {
  const start = new Date(str(source.params, 'starts_at'));
  const end = new Date(str(source.params, 'ends_at'));
  const { timezone } = source.event;
  const separator = language === 'ar' ? '، ' : ', ';
  return `${formatSlotDay(start, timezone, language)}${separator}${formatSlotTimes(start, end, timezone, language)}`;
}

type Renderer = (source: NotificationSource, language: Language) => Rendered;

const renderers: Record<NotificationKind, Renderer> = {
  booking_confirmed: ({ params, event }, language) =>
    language === 'en'
      ? {
          title: 'Booking confirmed',
          content: `Your ${ticketCount(num(params, 'tickets'), 'en')} for ${event.title} ${
            num(params, 'tickets') === 1 ? 'is' : 'are'
          } ready.`,
        }
      : {
          title: 'تم تأكيد الحجز',
          content: `حجزك لفعالية ${event.title} مؤكد: ${ticketCount(num(params, 'tickets'), 'ar')}.`,
        },

  refund_done: ({ params, event }, language) => {
    const amount = num(params, 'amount');
    const money = formatMoney(amount, str(params, 'currency'), language);
    if (language === 'en') {
      return {
        title: amount > 0 ? 'Refund issued' : 'Tickets cancelled',
        content:
          amount > 0
            ? `${money} for ${event.title} is on its way back to you.`
            : `Your tickets for ${event.title} are cancelled.`,
      };
    }
    return {
      title: amount > 0 ? 'تم استرداد المبلغ' : 'أُلغيت التذاكر',
      content:
        amount > 0
          ? `المبلغ ${money} لفعالية ${event.title} في طريقه إليك.`
          : `أُلغيت تذاكرك لفعالية ${event.title}.`,
    };
  },

  event_changed: (source, language) => {
    const { params, event } = source;
    if (str(params, 'change') === 'time') {
      const when = slotText(source, language);
      return language === 'en'
        ? { title: 'Time changed', content: `${event.title} now takes place on ${when}.` }
        : { title: 'تغيّر الموعد', content: `موعد ${event.title} الجديد: ${when}.` };
    }
    const venue = str(params, 'venue');
    if (language === 'en') {
      return {
        title: 'Venue changed',
        content: venue ? `${event.title} is now at ${venue}.` : `${event.title} is now online.`,
      };
    }
    return {
      title: 'تغيّر المكان',
      content: venue
        ? `تُقام ${event.title} الآن في ${venue}.`
        : `تُقام ${event.title} الآن عبر الإنترنت.`,
    };
  },

  event_cancelled: ({ event }, language) =>
    language === 'en'
      ? {
          title: 'Event cancelled',
          content: `${event.title} was cancelled by its organizer. Paid tickets are refunded in full.`,
        }
      : {
          title: 'أُلغيت الفعالية',
          content: `ألغى المنظّم فعالية ${event.title}. تُسترد قيمة التذاكر المدفوعة كاملة.`,
        },

  event_published: ({ event }, language) =>
    language === 'en'
      ? {
          title: `New from ${event.organizer}`,
          content: `${event.organizer} published ${event.title}.`,
        }
      : {
          title: `جديد من ${event.organizer}`,
          content: `نشر ${event.organizer} فعالية ${event.title}.`,
        },

  new_booking: ({ params, event }, language) => {
    const tickets = ticketCount(num(params, 'tickets'), language);
    const total = num(params, 'total');
    const money =
      total > 0
        ? formatMoney(total, str(params, 'currency'), language)
        : language === 'en'
          ? 'free'
          : 'مجانًا';
    return language === 'en'
      ? { title: 'New booking', content: `${tickets} for ${event.title} · ${money}` }
      : { title: 'حجز جديد', content: `${tickets} لفعالية ${event.title} · ${money}` };
  },

  new_review: ({ params, event }, language) =>
    language === 'en'
      ? {
          title: 'New review',
          content: `${event.title} was rated ${num(params, 'rating')} out of 5.`,
        }
      : {
          title: 'تقييم جديد',
          content: `حصلت ${event.title} على تقييم ${num(params, 'rating')} من 5.`,
        },
  ticket_approved: ({ event }, language) =>
    language === 'en'
      ? { title: 'Ticket approved', content: `Your ticket for ${event.title} was approved.` }
      : {
          title: 'تمت الموافقة على التذكرة',
          content: `وافق المنظّم على تذكرتك لفعالية ${event.title}.`,
        },

  ticket_rejected: ({ params, event }, language) => {
    const amount = num(params, 'amount');
    const money = formatMoney(amount, str(params, 'currency'), language);
    const reason = str(params, 'reason');
    if (language === 'en') {
      const refunded = amount > 0 ? ` ${money} is on its way back to you.` : '';
      return {
        title: 'Ticket not approved',
        content:
          `Your ticket for ${event.title} was not approved.${refunded}` +
          (reason ? ` The organizer's reason: ${reason}` : ''),
      };
    }
    const refunded = amount > 0 ? ` المبلغ ${money} في طريقه إليك.` : '';
    return {
      title: 'لم تتم الموافقة على التذكرة',
      content:
        `لم يوافق المنظّم على تذكرتك لفعالية ${event.title}.${refunded}` +
        (reason ? ` السبب الذي ذكره المنظّم: ${reason}` : ''),
    };
  },

  ticket_checked_in: ({ event }, language) =>
    language === 'en'
      ? { title: 'Checked in', content: `Welcome to ${event.title}! Your ticket is checked in.` }
      : { title: 'تم تسجيل الدخول', content: `أهلًا بك في ${event.title}! تم تسجيل دخول تذكرتك.` },

  withdrawal_status_changed: ({ params }, language) => {
    const money = formatMoney(num(params, 'amount'), str(params, 'currency'), language);
    const id = num(params, 'withdrawal');
    const status = str(params, 'status') as keyof typeof withdrawalStatusText.en;
    const text = withdrawalStatusText[language][status] ?? withdrawalStatusText[language].requested;
    const reason = str(params, 'reason');
    return language === 'en'
      ? {
          title: 'Withdrawal status changed',
          content: `Withdrawal request #${id} for ${money}: ${text}${reason ? ` Reason: ${reason}` : ''}`,
        }
      : {
          title: 'تغيّرت حالة طلب السحب',
          content: `طلب السحب رقم ${id} بمبلغ ${money}: ${text}${reason ? ` السبب: ${reason}` : ''}`,
        };
  },

  event_unpublished: ({ params, event }, language) => {
    const reason = str(params, 'reason');
    return language === 'en'
      ? {
          title: 'Event unpublished',
          content: `Platform staff unpublished ${event.title}; it is a draft again. Reason: ${reason}`,
        }
      : {
          title: 'أُلغي نشر الفعالية',
          content: `ألغى فريق المنصة نشر ${event.title} وعادت مسودة. السبب: ${reason}`,
        };
  },

  report_resolved: ({ params }, language) => {
    const subject = isolate(str(params, 'subject'));
    return language === 'en'
      ? {
          title: 'Your report is resolved',
          content: `We resolved your report “${subject}”. Thank you for telling us.`,
        }
      : {
          title: 'تمت معالجة بلاغك',
          content: `عالجنا بلاغك «${subject}». شكرًا لإبلاغنا.`,
        };
  },
};

const withdrawalStatusText = {
  en: {
    requested: 'received; the amount is set aside until it is paid.',
    approved: 'approved; the transfer to your bank is on its way.',
    paid: 'paid to your bank account.',
    rejected: 'rejected; the amount is back in your available balance.',
    cancelled: 'cancelled; the amount is back in your available balance.',
  },
  ar: {
    requested: 'استُلم؛ المبلغ محجوز حتى يُدفع.',
    approved: 'تمت الموافقة عليه؛ التحويل إلى حسابك المصرفي في الطريق.',
    paid: 'دُفع إلى حسابك المصرفي.',
    rejected: 'رُفض؛ عاد المبلغ إلى رصيدك المتاح.',
    cancelled: 'أُلغي؛ عاد المبلغ إلى رصيدك المتاح.',
  },
} as const;

/**
 * Names typed by people (an event's title, an organizer, a venue) may be in either script: each
 * is set in Unicode isolates (FSI … PDI), so an Arabic title keeps an English sentence in order
 * and the other way round, wherever the text is shown.
 */
const isolate = (text: string) => (text ? `\u2068${text}\u2069` : text);

/** Words people typed (a venue, an organizer's reason) are isolated like titles. */
function isolateWords(params: NotificationSource['params']): NotificationSource['params'] {
  const typed = ['venue', 'reason'].filter((name) => name in params);
  if (typed.length === 0) return params;
  return {
    ...params,
    ...Object.fromEntries(typed.map((name) => [name, isolate(String(params[name]))])),
  };
}

/** The title and content of a notification in the reader's language. */
export function renderNotification(source: NotificationSource, language: Language): Rendered {
  const { event, params } = source;
  return renderers[source.kind](
    {
      ...source,
      event: { ...event, title: isolate(event.title), organizer: isolate(event.organizer) },
      params: isolateWords(params),
    },
    language,
  );
}

/** The label of an emailed notification's link to its event. */
export function eventLinkLabel(language: Language): string {
  return language === 'ar' ? 'عرض الفعالية' : 'See the event';
}

/** The label of an emailed withdrawal notification's link to the wallet. */
export function walletLinkLabel(language: Language): string {
  return language === 'ar' ? 'فتح المحفظة' : 'Open your wallet';
}

/** The label of an emailed notification's link to the notifications page. */
export function notificationsLinkLabel(language: Language): string {
  return language === 'ar' ? 'فتح الإشعارات' : 'Open your notifications';
}
