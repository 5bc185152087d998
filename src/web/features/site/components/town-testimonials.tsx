// "What {town} homeowners say": real feedback only. Homeowners of the town's ZIP codes who agreed to be
// quoted (first name and town), once an admin approved the quote. A town with none shows nothing.
// Loaded after the page: quotes change more often than the prerendered page.
import { useEffect, useState } from 'react';
import type { TownSlug } from '#shared/pages';
import type { Testimonial } from '#shared/site-response.schema';
import { fetchTestimonials } from '../api/get-testimonials';

export function TownTestimonials({ slug, townName }: { slug: TownSlug; townName: string }) {
  const [testimonials, setTestimonials] = useState<Testimonial[]>([]);
  useEffect(() => {
    let live = true;
    fetchTestimonials(slug)
      .then((answer) => live && setTestimonials(answer.testimonials))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [slug]);

  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="town-testimonials" className="bg-teal-950 px-4 py-16 text-white">
      <div className="mx-auto max-w-6xl">
        <h2 id="town-testimonials" className="text-3xl font-bold">
          What {townName} homeowners say
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.id}>
              <figure className="h-full rounded-2xl bg-white/10 p-6">
                <p className="text-amber-300" aria-label={`${testimonial.rating} out of 5 stars`}>
                  {'★'.repeat(testimonial.rating)}
                </p>
                <blockquote className="mt-2 text-stone-100">“{testimonial.quote}”</blockquote>
                <figcaption className="mt-4 text-sm font-semibold text-teal-200">
                  {testimonial.name}, {testimonial.town}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
