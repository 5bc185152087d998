// GET /api/testimonials?town=<slug>: what homeowners of that town agreed to have quoted, approved by an admin.
import type { TownSlug } from '#shared/pages';
import type { Testimonial } from '#shared/site-response.schema';
import { apiRequest } from '#web/lib/api-client';

export const fetchTestimonials = (town: TownSlug) =>
  apiRequest<{ success: true; testimonials: Testimonial[] }>('GET', `/api/testimonials?town=${encodeURIComponent(town)}`);
