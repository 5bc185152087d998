// The frame of the text pages (about, contact, try-ai, terms, privacy, cookies): header, a readable
// column, footer.
import type { ReactNode } from 'react';
import { SiteFooter } from '#web/features/site/components/site-footer';
import { SiteHeader } from '#web/features/site/components/site-header';

export function StaticPageLayout({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <>
      <div className="bg-stone-900">
        <SiteHeader />
      </div>
      <main className="mx-auto max-w-3xl px-4 py-14">
        <h1 className="text-4xl font-bold">{title}</h1>
        {intro && <p className="mt-4 text-lg text-stone-700">{intro}</p>}
        <div className="prose-like mt-8 space-y-5 text-stone-800 [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc">
          {children}
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
