import {
  EventDetail,
  EventSummaryList,
  PublicEventParams,
  PublicEventQuery,
  type EventSummary,
  type ImageRendition,
} from '@hafla/shared/events/discovery';
import compress from '@fastify/compress';
import {
  GRID_COVER_SIZES,
  HERO_COVER_SIZES,
  ROW_COVER_SIZES,
  coverSrcSet,
  heroCoverSrcSet,
} from '@hafla/shared/events/cover-images';
import {
  EVENTS_LIST_PAGE,
  EVENTS_PAGE_SIZE,
  eventsPagePath,
  organizerEventsQuery,
  type EventListQuery,
} from '@hafla/shared/events/event-pages';
import { Home, HomeQuery } from '@hafla/shared/events/home';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { toPage } from '../../lib/pagination';
import type { App } from '../../lib/types';
import { errorResponses } from '../../plugins/openapi';
import type { FirstAnswer } from '../../plugins/web';
import { cacheKeyOf, sendCached } from '../../plugins/http-cache';
import {
  detailExpiryOf,
  expiryOf,
  getHome,
  getPublicEvent,
  listPublicEvents,
  overlayEventDetail,
  overlayEventList,
  overlayHome,
  type Reader,
} from './service';

const tags = ['discovery'];

/** One view of an event's public page, for the organizer's dashboard (counted in memory, written in batches). */
const countEventPageView = (app: App, eventId: number) => app.pageViews.count(eventId);

/** Anyone may read; a signed-in reader also learns what they wishlisted and follow. */
const readerOf = (request: FastifyRequest): Reader => ({
  language: request.language,
  viewerId: request.auth?.userId ?? null,
  now: new Date(),
});

const HOME_PATH = '/api/v1/home';

/**
 * The preload of a cover a page draws with `sizes`: its smaller copies with the page's srcset
 * (the browser then fetches the copy the page will ask for), or the original when it has none.
 */
function coverPreload(
  cover: string | null,
  thumbnails: readonly ImageRendition[],
  sizes: string,
  srcSetOf: (cover: string, thumbnails: readonly ImageRendition[]) => string,
) {
  if (!cover) return null;
  if (thumbnails.length === 0) return { href: cover };
  return { href: thumbnails[0]!.url, srcset: srcSetOf(cover, thumbnails), sizes };
}

/** The preload of the first card's cover in a row or a grid of cards. */
const cardCoverPreload = (event: EventSummary, sizes: string) =>
  coverPreload(event.cover, event.cover_thumbnails, sizes, (_cover, thumbnails) =>
    coverSrcSet(thumbnails),
  );

/** What a shared cache in front may keep of an anonymous answer (decision 0017). */
const SHARED = { sMaxAge: 1, staleWhileRevalidate: 30 };

export async function discoveryRoutes(app: App) {
  const deps = { db: app.db, storage: app.storage };
  const publicUrl = app.config.PUBLIC_URL;
  const cache = app.readCache;
  // The largest JSON the API sends, on every first visit (the home answer is about 36 KB, 3.4 KB
  // gzipped): compressed for clients that accept it (brotli or gzip), from 1 KB up.
  await app.register(compress, { threshold: 1024 });

  // Every answer below is computed for an anonymous reader and kept in the read cache; a
  // signed-in reader gets it with their own parts (wishlist, follows) laid over by small reads.
  const anonymous = (request: FastifyRequest): Reader => ({ ...readerOf(request), viewerId: null });

  app.get('/api/v1/events_read/', {
    config: { sharedCache: SHARED },
    schema: {
      tags,
      summary: 'Published events: search, filters, near a point, sorts',
      querystring: PublicEventQuery,
      response: { 200: EventSummaryList, ...errorResponses },
    },
    handler: async (request, reply) => {
      const answer = await eventListAnswer(request, request.query, request.url);
      const viewerId = request.auth?.userId;
      if (!viewerId) return sendCached(reply, answer);
      return overlayEventList(app.db, viewerId, answer.value);
    },
  });

  app.get('/api/v1/events_read/:id', {
    config: { sharedCache: SHARED },
    schema: {
      tags,
      summary: 'One published or cancelled event with its dates, tickets and organizer',
      params: PublicEventParams,
      response: { 200: EventDetail, ...errorResponses },
    },
    handler: async (request, reply) => {
      // ── Event page views (organizer dashboard) are counted HERE, before the read cache is
      // asked, so that answers served from memory (and 304s) are counted too. ──
      const id = request.params.id;
      countEventPageView(app, id);
      const answer = await eventAnswer(request, id, cacheKeyOf(request, publicUrl));
      const viewerId = request.auth?.userId;
      if (!viewerId) return sendCached(reply, answer);
      return overlayEventDetail(app.db, viewerId, answer.value);
    },
  });

  app.get(HOME_PATH, {
    config: { sharedCache: SHARED },
    schema: {
      tags,
      summary: 'The home page sections, each with its events or organizers',
      querystring: HomeQuery,
      response: { 200: Home, ...errorResponses },
    },
    handler: async (request, reply) => {
      const answer = await homeAnswer(request, request.query, cacheKeyOf(request, publicUrl));
      const viewerId = request.auth?.userId;
      if (!viewerId) return sendCached(reply, answer);
      return overlayHome(deps, { ...readerOf(request), viewerId }, answer.value);
    },
  });

  // The home page's HTML carries its home answer (the same one, from the same cache) and
  // preloads the first cover on the screen (decision 0024).
  app.firstAnswers.add('/', async (request) => {
    const answer = await homeAnswer(request, {}, cacheKeyOf(request, publicUrl, HOME_PATH));
    const first = answer.value.sections.find((section) => section.events.length > 0)?.events[0];
    return {
      path: HOME_PATH,
      language: request.language,
      body: answer.body,
      preloadImage: first ? cardCoverPreload(first, ROW_COVER_SIZES) : null,
    };
  });

  // The event page's HTML carries the event's answer too, and preloads its cover (decision 0024).
  // The page view is not counted here: the app counts it when it shows the page (a HEAD of the
  // same path when it used this answer, its own GET otherwise), so a crawler that runs no script
  // counts nothing, as before.
  app.firstAnswers.add('/events/:id', async (request, params) => {
    const parsed = PublicEventParams.safeParse(params);
    if (!parsed.success) return null;
    const path = `/api/v1/events_read/${parsed.data.id}`;
    try {
      const answer = await eventAnswer(
        request,
        parsed.data.id,
        cacheKeyOf(request, publicUrl, path),
      );
      const { cover, cover_thumbnails: thumbnails } = answer.value;
      return {
        path,
        language: request.language,
        body: answer.body,
        // The page's large cover, with the same srcset and sizes as the page draws it.
        preloadImage: coverPreload(cover, thumbnails, HERO_COVER_SIZES, heroCoverSrcSet),
      };
    } catch (error) {
      // No such public event: the plain page goes out, and the app shows its own not-found.
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }
  });

  // An organizer's page carries the first page of their upcoming events inside its HTML, and
  // preloads the first cover (decision 0026); the profile module adds the organizer's profile.
  app.firstAnswers.add('/organizers/:id', (request, params) =>
    firstEventsPage(request, organizerEventsQuery(params.id ?? '')),
  );

  // The events list's page, without filters, carries its first page and preloads the first
  // cover (decision 0026); the catalog adds the categories and event types its filters offer.
  app.firstAnswers.add(EVENTS_LIST_PAGE, (request) => firstEventsPage(request, {}), {
    readsQuery: true,
  });

  /**
   * The first page of the events list for `filters`, as a page's first answer, with the first
   * card's cover preloaded at the size the grid draws it; null when the filters are not valid.
   */
  async function firstEventsPage(
    request: FastifyRequest,
    filters: EventListQuery,
  ): Promise<FirstAnswer | null> {
    const query = PublicEventQuery.safeParse({ ...filters, limit: EVENTS_PAGE_SIZE });
    if (!query.success) return null;
    const path = eventsPagePath(filters);
    const answer = await eventListAnswer(request, query.data, path);
    const first = answer.value.results[0];
    return {
      path,
      language: request.language,
      body: answer.body,
      preloadImage: first ? cardCoverPreload(first, GRID_COVER_SIZES) : null,
    };
  }

  /** A page of the events list, as `url` asks for it (a request's, or a page's first answer). */
  function eventListAnswer(request: FastifyRequest, query: PublicEventQuery, url: string) {
    const reader = anonymous(request);
    return cache.get(
      cacheKeyOf(request, publicUrl, url),
      ['lists'],
      async () => {
        const { count, isEstimate, results } = await listPublicEvents(deps, reader, query);
        const page = toPage(request, query, count, results, publicUrl, url);
        return {
          value: { ...page, count_is_estimate: isEstimate },
          expiresAt: expiryOf(results, reader.now),
        };
      },
      { serialize: (value) => JSON.stringify(EventSummaryList.parse(value)) },
    );
  }

  function eventAnswer(request: FastifyRequest, id: number, key: string) {
    const reader = anonymous(request);
    return cache.get(
      key,
      [`event:${id}`],
      async () => {
        const detail = await getPublicEvent(deps, reader, id);
        return {
          value: detail,
          expiresAt: detailExpiryOf(detail, reader.now),
          tags: [`organizer:${detail.organizer.id}`],
        };
      },
      {
        serialize: (value) => JSON.stringify(EventDetail.parse(value)),
        addsTagsOf: ['organizer'],
      },
    );
  }

  function homeAnswer(request: FastifyRequest, query: HomeQuery, key: string) {
    const reader = anonymous(request);
    return cache.get(
      key,
      ['lists'],
      async () => {
        const home = await getHome(deps, reader, query);
        return {
          value: home,
          expiresAt: expiryOf(
            home.sections.flatMap((section) => section.events),
            reader.now,
          ),
        };
      },
      { serialize: (value) => JSON.stringify(Home.parse(value)) },
    );
  }
}
