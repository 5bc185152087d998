// Content for the town landing pages (/{slug}-ma-ai-home-renovations): headlines, FAQ, local house styles,
// renovation trends for each town (testimonials are real feedback, from the API) in TOWN_SLUGS, with the fields seed 000 §3 names.
import { TOWN_NAMES, TOWN_SLUGS, type TownSlug } from './pages';

export type TownFaq = { question: string; answer: string };
export type TownArchitecturalStyle = { name: string; description: string; imageUrl: string };

export type TownContent = {
  slug: TownSlug;
  name: string;
  state: 'MA';
  /** The seed's ZIP codes first, then any other codes the town has in the approved list. */
  zipCodes: string[];
  population: number;
  /** Typical single-family home value in US dollars. */
  avgHomeValue: number;
  popularStyles: string[];
  headlines: { main: string; sub: string };
  faqData: TownFaq[];
  uniqueSellingPoints: string[];
  localArchitecturalStyles: TownArchitecturalStyle[];
  localRenovationTrends: string[];
  /** For the page's <title>. */
  metaTitle: string;
  /** For the page's meta description; at most 160 characters. */
  metaDescription: string;
  neighbourhoods: string[];
};

const framingham: TownContent = {
  slug: 'framingham',
  name: TOWN_NAMES.framingham,
  state: 'MA',
  zipCodes: ['01701', '01702', '01703', '01704', '01705'],
  population: 72_400,
  avgHomeValue: 615_000,
  popularStyles: ['Farmhouse Chic', 'Transitional', 'Modern Minimalist', 'Cottage Garden'],
  headlines: {
    main: 'AI Home Renovations in Framingham, MA',
    sub: 'Photograph a room in your Nobscot ranch, Saxonville cape or Framingham Centre colonial and see it redesigned by AI in moments. Free to try.',
  },
  faqData: [
    {
      question: 'How does the AI redesign work?',
      answer:
        'Sign in, confirm your Framingham ZIP code and upload a photo of a room or your backyard. Choose the room type, an AI engine and a design style (or describe your own), and the AI creates a reimagined version of the same space. StructuralDesign AI keeps your existing layout; Architectural Vision Engine leans toward premium materials and finishes.',
    },
    {
      question: 'What does it cost?',
      answer:
        'Trying it is free. Once your design is ready, enter your email address to unblur the preview and we send you the full high-resolution before and after images. Asking for a quote is free as well, with no obligation.',
    },
    {
      question: 'What happens to the photos I upload?',
      answer:
        'Your photo is used to create your redesign and to email you the before and after images. Designs can appear in the community feed, which only signed-in homeowners can see; it shows the room and the style, not your name or street address. Our privacy policy has the details.',
    },
    {
      question: 'Does it work on an older Framingham home?',
      answer:
        'Yes. Many Framingham homes are 1950s ranches and capes or older mill-era houses, and the AI works from whatever is in your photo: low ceilings, small kitchens, paneled basements. The images are design concepts, so have a contractor check walls, wiring and structure before you plan to open anything up.',
    },
    {
      question: 'Can I get quotes from local contractors?',
      answer:
        'After your design is ready you can request a free quote with your project type, timeline and budget. Our network of MetroWest contractors is still growing, so in some areas the contractor connection is marked as coming soon. Whoever you hire, check that they are registered as a Massachusetts Home Improvement Contractor.',
    },
    {
      question: 'Do I need a permit to renovate in Framingham?',
      answer:
        "Often, yes. Structural, electrical, plumbing and gas work, and most additions, need permits from the City of Framingham's building department under the Massachusetts building code, and homes in a local historic district may need extra review for exterior changes. Cosmetic updates such as paint and new cabinet doors usually do not. Check with the city before work starts.",
    },
  ],
  uniqueSellingPoints: [
    'Made for MetroWest homes: try ideas on the ranches, capes and colonials that fill Framingham streets',
    'See your own room redesigned in moments, before you spend anything on a contractor',
    'Free to try, with full high-resolution before and after images sent to your inbox',
    'Ask for a free, no-obligation quote once you find a design you like',
  ],
  localArchitecturalStyles: [
    {
      name: 'Mid-Century Ranch',
      description:
        "Single-storey homes from Framingham's post-war boom, common around Nobscot, Pinefield and the north side: low-pitched roofs, picture windows and compact, closed-off kitchens that are ready to open up.",
      imageUrl: '/images/towns/framingham-mid-century-ranch.svg',
    },
    {
      name: 'Cape Cod',
      description:
        'Steep-roofed capes with a central chimney and dormers, built street by street in the 1940s and 1950s. Owners often expand upward with a shed dormer or add a mudroom and family room off the back.',
      imageUrl: '/images/towns/framingham-cape-cod.svg',
    },
    {
      name: 'Saxonville Mill-Era Home',
      description:
        'Nineteenth-century gable-front houses and two-family homes near the old Saxonville mills on the Sudbury River: clapboard siding, narrow lots, steep stairs and small rooms full of original character.',
      imageUrl: '/images/towns/framingham-saxonville-mill-era-home.svg',
    },
  ],
  localRenovationTrends: [
    'Taking down the wall between kitchen and dining room in 1950s ranches for an open plan',
    'Shed dormers that turn a cramped cape attic into full-height bedrooms and a bath',
    'Mudrooms with boot benches and cubbies for Massachusetts winters and muddy springs',
    'Finishing basements into family rooms, home offices and guest space',
    'Heat pumps, insulation and new windows, often with Mass Save incentives',
  ],
  metaTitle: 'AI Home Renovations in Framingham, MA | See Your Room Redesigned',
  metaDescription:
    'Upload a photo of your Framingham kitchen, bath or backyard and see it redesigned by AI in moments. Free to try for homeowners in 01701 and 01702.',
  neighbourhoods: ['Saxonville', 'Nobscot', 'Framingham Centre', 'Downtown Framingham', 'Pinefield', 'Coburnville', 'Southside'],
};

const natick: TownContent = {
  slug: 'natick',
  name: TOWN_NAMES.natick,
  state: 'MA',
  zipCodes: ['01760'],
  population: 37_400,
  avgHomeValue: 835_000,
  popularStyles: ['Transitional', 'Farmhouse Chic', 'Coastal New England', 'Cottage Garden'],
  headlines: {
    main: 'AI Home Renovations in Natick, MA',
    sub: 'From Victorians near Natick Center to colonials in West Natick, photograph your room and see it reimagined by AI before you call a contractor. Free to try.',
  },
  faqData: [
    {
      question: 'How does the AI redesign work?',
      answer:
        'Sign in, confirm your 01760 ZIP code and upload a photo of a room or your yard. Pick the room type, an AI engine and a style, or write your own description, and the AI redesigns the same space. StructuralDesign AI keeps your layout as it is; Architectural Vision Engine favours premium materials and finishes.',
    },
    {
      question: 'Is it free?',
      answer:
        'Yes, trying it is free. When your design is ready, enter your email to unblur the preview and receive the full high-resolution before and after images. Requesting a quote is free too, and you are under no obligation.',
    },
    {
      question: 'Is my photo kept private?',
      answer:
        'Your photo is used to create your design and to email you the results. Designs may appear in the community feed, which is visible only to signed-in homeowners and shows the room and style, not your name or street address. See our privacy policy for more.',
    },
    {
      question: 'Will it work on a Victorian or an antique house?',
      answer:
        'Yes. The AI redesigns what your photo shows, whether that is a Victorian parlour, a farmhouse kitchen in South Natick or a 1970s colonial. It is a way to test ideas; older homes can hide surprises behind plaster, and homes built before 1978 may have lead paint, so involve a qualified contractor before you commit.',
    },
    {
      question: 'Can I get quotes from Natick-area contractors?',
      answer:
        'You can request a free quote after your design, telling us the project type, timeline and budget. Our MetroWest contractor network is still being built, so the contractor connection is marked coming soon in some areas. Whoever you choose, ask for their Massachusetts Home Improvement Contractor registration.',
    },
    {
      question: 'Will my Natick project need a permit?',
      answer:
        "Most structural, electrical, plumbing and gas work, as well as additions, needs a permit from the Town of Natick's building department under the Massachusetts building code. Homes in historic areas such as South Natick may need extra review for exterior changes. Paint and cosmetic updates usually need none. Ask the town before you start.",
    },
  ],
  uniqueSellingPoints: [
    'See ideas on your actual Natick room, from a Victorian parlour to a colonial family room',
    'Try as many design styles as you like in one sitting, with results in moments',
    'Free to try, with full-resolution before and after images emailed to you',
    'Request a free, no-obligation quote when you are ready to move forward',
  ],
  localArchitecturalStyles: [
    {
      name: 'Center-Entrance Colonial',
      description:
        'The classic two-storey colonial with a symmetrical front and a centre hall, found across West Natick, North Natick and East Natick. Owners often open the kitchen to the family room and add a mudroom by the garage.',
      imageUrl: '/images/towns/natick-center-entrance-colonial.svg',
    },
    {
      name: 'Queen Anne Victorian',
      description:
        "Late-nineteenth-century homes from Natick's shoe-manufacturing era, many within walking distance of Natick Center: turrets, wraparound porches, tall windows and rooms that reward careful updating.",
      imageUrl: '/images/towns/natick-queen-anne-victorian.svg',
    },
    {
      name: 'Greek Revival',
      description:
        'Gable-front houses with wide trim boards, corner pilasters and six-over-six windows, seen in the historic village of South Natick along the Charles River. Renovations here usually work quietly behind a preserved facade.',
      imageUrl: '/images/towns/natick-greek-revival.svg',
    },
  ],
  localRenovationTrends: [
    'Kitchen and family-room combinations in 1960s and 1970s colonials',
    'Restoring Victorian porches and trim while modernising the kitchen behind them',
    'Mudrooms and laundry rooms off the garage for snowy winters',
    'Dedicated home offices for hybrid commuters on the Framingham/Worcester line and the Mass Pike',
    'Backyard patios and gardens for the short, precious New England summer',
  ],
  metaTitle: 'AI Home Renovations in Natick, MA | See Your Room Redesigned',
  metaDescription:
    'Photograph a room in your Natick colonial or Victorian and see it redesigned by AI in moments. Free to try for homeowners in 01760.',
  neighbourhoods: ['Natick Center', 'South Natick', 'West Natick', 'East Natick', 'North Natick', 'Walnut Hill'],
};

const wellesley: TownContent = {
  slug: 'wellesley',
  name: TOWN_NAMES.wellesley,
  state: 'MA',
  zipCodes: ['02481', '02482', '02457'],
  population: 29_500,
  avgHomeValue: 1_850_000,
  popularStyles: ['Contemporary Luxe', 'Transitional', 'Coastal New England', 'Modern Minimalist'],
  headlines: {
    main: 'AI Home Renovations in Wellesley, MA',
    sub: 'Picture a new kitchen in your Tudor, colonial revival or shingle-style home. Upload a photo and see it reimagined by AI in moments, free.',
  },
  faqData: [
    {
      question: 'How does the AI redesign work?',
      answer:
        'Sign in, confirm your Wellesley ZIP code and upload a photo of a room or your garden. Choose the room type, an AI engine and a design style, or describe exactly what you have in mind. StructuralDesign AI preserves your layout; Architectural Vision Engine is tuned for premium materials and luxury finishes.',
    },
    {
      question: 'What does it cost to try?',
      answer:
        'Nothing. Creating designs is free. When your design is ready, enter your email to unblur the preview and receive the full high-resolution before and after images. Quote requests are free and carry no obligation.',
    },
    {
      question: 'How are my photos used?',
      answer:
        'Your photo is used to produce your redesign and to email you the results. Designs may be shown in the community feed, which only signed-in homeowners can see, with the room and style but not your name or street address. Read our privacy policy for the details.',
    },
    {
      question: 'Can it handle a period home?',
      answer:
        'Yes. Upload a photo of a Tudor living room, a Georgian-style dining room or a shingle-style porch and the AI will work with the architecture in the picture. Treat the results as concepts: a contractor or architect should confirm what is structurally and practically possible in an older house.',
    },
    {
      question: 'Can you connect me with Wellesley contractors?',
      answer:
        'After your design you can request a free quote with your project type, timeline and budget. We are still building our network of MetroWest contractors, so the contractor connection is marked coming soon in some areas. Whoever you hire, ask to see their Massachusetts Home Improvement Contractor registration and, for structural work, their Construction Supervisor license.',
    },
    {
      question: 'What permits does a Wellesley renovation need?',
      answer:
        "Structural, electrical, plumbing and gas work and additions generally need permits from the Town of Wellesley's building department under the Massachusetts building code. Larger additions and homes in historic districts can involve extra design review with the town. Cosmetic work usually needs no permit. Check with the town early.",
    },
  ],
  uniqueSellingPoints: [
    'Explore ideas for a period home without disturbing a single beam',
    'Premium-finish designs from the Architectural Vision Engine, in moments',
    'Free to try, with full high-resolution before and after images sent by email',
    'Request a free, no-obligation quote once a design feels right',
  ],
  localArchitecturalStyles: [
    {
      name: 'Tudor Revival',
      description:
        'Steep cross gables, decorative half-timbering, brick or stucco walls and tall chimneys, built in the 1920s and 1930s in neighbourhoods such as Cliff Estates. Owners keep the character outside and update kitchens and baths within.',
      imageUrl: '/images/towns/wellesley-tudor-revival.svg',
    },
    {
      name: 'Georgian Colonial Revival',
      description:
        'Stately, symmetrical brick or clapboard homes with a hipped roof, pedimented entry and paired chimneys, found near Wellesley Farms and the country club. Renovations centre on chef kitchens, primary suites and lower levels.',
      imageUrl: '/images/towns/wellesley-georgian-colonial-revival.svg',
    },
    {
      name: 'Shingle Style',
      description:
        "Late-Victorian homes wrapped in cedar shingles, with broad gables, deep porches and eyebrow dormers, many in Wellesley Hills from the town's early railroad-suburb days. Interiors tend to be rich in woodwork worth preserving.",
      imageUrl: '/images/towns/wellesley-shingle-style.svg',
    },
  ],
  localRenovationTrends: [
    'Chef kitchens with large islands, panel-ready appliances and walk-in pantries',
    'Primary suites with spa-style bathrooms and dressing rooms',
    'Finished lower levels with media rooms, gyms and wine storage',
    'Outdoor living: bluestone patios, fire features and kitchen gardens',
    'Sensitive updates that keep the woodwork and details of period homes',
  ],
  metaTitle: 'AI Home Renovations in Wellesley, MA | See Your Room Redesigned',
  metaDescription:
    'See your Wellesley kitchen, bath or garden redesigned by AI, from Tudor to shingle style. Free to try for homeowners in 02481 and 02482.',
  neighbourhoods: ['Wellesley Hills', 'Wellesley Farms', 'Wellesley Square', 'Lower Falls', 'Cliff Estates', 'Babson Park', 'The Fells'],
};

export const TOWNS: Record<TownSlug, TownContent> = { framingham, natick, wellesley };

/** The towns in TOWN_SLUGS order. */
export const TOWN_LIST: TownContent[] = TOWN_SLUGS.map((slug) => TOWNS[slug]);

/** The content for a town slug, or undefined when the slug is not a town page. */
export function getTown(slug: string): TownContent | undefined {
  return (TOWN_SLUGS as readonly string[]).includes(slug) ? TOWNS[slug as TownSlug] : undefined;
}

/**
 * The alt text of a style's illustration: "Illustration of a Cape Cod home", "an Italianate home", and no second
 * "home" after a name that already ends in one ("a Saxonville Mill-Era Home").
 */
export function styleIllustrationAlt({ name }: TownArchitecturalStyle): string {
  const article = /^[aeiou]/i.test(name) ? 'an' : 'a';
  return `Illustration of ${article} ${name}${/\b(home|house)s?$/i.test(name) ? '' : ' home'}`;
}
