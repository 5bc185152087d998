// /lead-dossier-demo (seed 001 §2): two sample dossier cards, one high intent and one medium intent.
// Static sample people, no real lead; the buttons only say what they would do, as the seed's card does
// by default (the live card's buttons work on real leads in the back office).
import { useState } from 'react';
import type { LeadDossier } from '#shared/lead-dossier';
import { LeadDossierCard } from '#web/features/lead-dossier/components/lead-dossier-card';
import { SiteFooter } from '#web/features/site/components/site-footer';
import { SiteHeader } from '#web/features/site/components/site-header';

const sample = (fields: Partial<LeadDossier> & Pick<LeadDossier, 'id' | 'name' | 'email'>): LeadDossier => ({
  emailConfirmed: true,
  phone: null,
  profilePhoto: null,
  address: null,
  zipCode: '01701',
  town: null,
  homeValue: null,
  budget: null,
  zipIncomeTier: null,
  intentScore: 'Medium',
  engagementScore: 0,
  intentScoreValue: 0,
  leadQualityScore: 0,
  probabilityToCloseScore: 0,
  roomType: null,
  style: null,
  wantsQuote: false,
  status: null,
  createdAt: null,
  assignedContractorId: null,
  beforeImage: null,
  afterImage: null,
  afterLabel: 'After',
  designHistory: null,
  contractorNotes: [],
  assignedContractors: [],
  ...fields,
});

export const DEMO_DOSSIERS: LeadDossier[] = [
  sample({
    id: 'demo-high',
    name: 'Sarah Johnson',
    email: 'sarah.johnson@example.com',
    address: '42 Grove Street, Wellesley, MA',
    zipCode: '02481',
    town: 'Wellesley',
    homeValue: 1250000,
    budget: 85000,
    zipIncomeTier: 'High',
    intentScore: 'High',
    engagementScore: 88,
    intentScoreValue: 92,
    leadQualityScore: 85,
    probabilityToCloseScore: 78,
    roomType: 'kitchen',
    style: 'Modern Farmhouse',
    wantsQuote: true,
    beforeImage: '/images/towns/wellesley-georgian-colonial-revival.svg',
    afterImage: '/images/towns/wellesley-shingle-style.svg',
    afterLabel: 'After (sample illustration)',
    contractorNotes: [
      {
        id: 'demo-note-1',
        body: 'Prefers white oak cabinets and a large island; wants work done before the holidays.',
        authorName: 'Ace Kitchens',
        authorRole: 'contractor',
        createdAt: '2026-11-02T15:00:00.000Z',
      },
    ],
  }),
  sample({
    id: 'demo-medium',
    name: 'Michael Chen',
    email: 'michael.chen@example.com',
    address: '7 Pond Road, Natick, MA',
    zipCode: '01760',
    town: 'Natick',
    homeValue: 640000,
    budget: 30000,
    zipIncomeTier: 'Medium',
    intentScore: 'Medium',
    engagementScore: 61,
    intentScoreValue: 58,
    leadQualityScore: 66,
    probabilityToCloseScore: 52,
    roomType: 'bathroom',
    style: 'Transitional',
  }),
];

export function LeadDossierDemoPage() {
  const [said, setSaid] = useState<string | null>(null);
  const demoAction = (label: string) => () => setSaid(`Demo card: '${label}' works on real leads in the back office.`);
  return (
    <>
      <div className="bg-stone-900">
        <SiteHeader />
      </div>
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-12">
        <h1 className="text-4xl font-bold">Lead Dossier Demo</h1>
        <p className="text-lg text-stone-700">Two sample lead dossiers, one high intent and one medium intent. The people are made up.</p>
        {said && (
          <p role="status" className="rounded-lg bg-teal-50 px-3 py-2 text-sm text-teal-900">
            {said}
          </p>
        )}
        {DEMO_DOSSIERS.map((dossier) => (
          <LeadDossierCard
            key={dossier.id}
            dossier={dossier}
            actions={{
              onExportPdf: demoAction('Export PDF'),
              onEmailContractor: demoAction('Email Contractor'),
              onAssignPartner: demoAction('Assign Partner'),
            }}
          />
        ))}
      </main>
      <SiteFooter />
    </>
  );
}
