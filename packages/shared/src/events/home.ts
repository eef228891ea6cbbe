import { z } from 'zod';
import { OrganizerCard } from '../social/follows';
import { HomeSectionKind } from '../catalog/app-config';
import { EventSummary } from './discovery';

/** GET /api/v1/home — `lat`/`lng` fill the "near you" section; without them it is empty. */
export const HomeQuery = z.object({
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});
export type HomeQuery = z.infer<typeof HomeQuery>;

export const HomeSectionContent = z.object({
  id: z.string(),
  kind: HomeSectionKind,
  title: z.string(),
  /** For a `category` section: the category's id. */
  category: z.number().int().nullable(),
  events: z.array(EventSummary),
  organizers: z.array(OrganizerCard),
});
export type HomeSectionContent = z.infer<typeof HomeSectionContent>;

/** The configured sections in order, each with its events (or organizers). */
export const Home = z.object({ sections: z.array(HomeSectionContent) });
export type Home = z.infer<typeof Home>;
