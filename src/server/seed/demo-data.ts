/** The demo world: two tenants, their organisations, users and projects. */
export const DEMO_PASSWORD = 'Demo-2026';
export const DEMO_DOMAIN = 'demo.planport.test';

export type DemoUser = {
  key: string;
  tenant: 'aac' | 'cs';
  salesOrg?: string;
  first: string;
  last: string;
  internal: boolean;
  admin?: boolean;
  external?: boolean;
  language: 'de' | 'en' | 'nl';
  roles: string[];
  company: { name: string; street1: string; zip: string; city: string; phone: string; mobile?: string };
};

const celona = {
  name: 'Celona Porenbeton GmbH',
  street1: 'Industriestraße 12',
  zip: '30659',
  city: 'Hannover',
  phone: '+49 511 4711 0',
};
const bauBecker = {
  name: 'Bauunternehmung Becker GmbH & Co. KG',
  street1: 'Hafenstraße 3',
  zip: '31134',
  city: 'Hildesheim',
  phone: '+49 5121 88 20 0',
  mobile: '+49 171 555 0101',
};
const ingBuero = {
  name: 'Ingenieurbüro Vogt + Partner',
  street1: 'Lange Laube 21',
  zip: '30159',
  city: 'Hannover',
  phone: '+49 511 3366 40',
};
const ksb = {
  name: 'Kalkzandsteen Brabant B.V.',
  street1: 'Ringbaan-Oost 140',
  zip: '5013 CD',
  city: 'Tilburg',
  phone: '+31 13 530 4400',
};
const bouwDeVries = {
  name: 'Bouwbedrijf De Vries B.V.',
  street1: 'Spoorlaan 88',
  zip: '5038 CC',
  city: 'Tilburg',
  phone: '+31 13 580 1200',
  mobile: '+31 6 1234 5678',
};

export const demoUsers: DemoUser[] = [
  {
    key: 'admin',
    tenant: 'aac',
    salesOrg: 'NORD',
    first: 'Anna',
    last: 'Schulte',
    internal: true,
    admin: true,
    language: 'de',
    roles: [],
    company: celona,
  },
  {
    key: 'planner',
    tenant: 'aac',
    salesOrg: 'NORD',
    first: 'Jonas',
    last: 'Meyer',
    internal: true,
    language: 'de',
    roles: ['salesPlanner'],
    company: celona,
  },
  {
    key: 'coordinator',
    tenant: 'aac',
    salesOrg: 'NORD',
    first: 'Lea',
    last: 'Hoffmann',
    internal: true,
    language: 'de',
    roles: ['projectCoordinator'],
    company: celona,
  },
  {
    key: 'drafter',
    tenant: 'aac',
    salesOrg: 'NORD',
    first: 'Murat',
    last: 'Yilmaz',
    internal: true,
    language: 'de',
    roles: ['drafter'],
    company: celona,
  },
  {
    key: 'bim',
    tenant: 'aac',
    salesOrg: 'SUED',
    first: 'Sophie',
    last: 'Wagner',
    internal: true,
    language: 'en',
    roles: ['bimCoordinator'],
    company: celona,
  },
  {
    key: 'backoffice',
    tenant: 'aac',
    salesOrg: 'SUED',
    first: 'Karin',
    last: 'Becker',
    internal: true,
    language: 'de',
    roles: ['customerServiceBackoffice', 'projectAdminCSC'],
    company: celona,
  },
  {
    key: 'reviewer',
    tenant: 'aac',
    first: 'Thomas',
    last: 'Vogt',
    internal: false,
    language: 'de',
    roles: ['reviewer'],
    company: ingBuero,
  },
  {
    key: 'processor',
    tenant: 'aac',
    first: 'Stefan',
    last: 'Krüger',
    internal: false,
    language: 'de',
    roles: ['process planner'],
    company: bauBecker,
  },
  {
    key: 'customer',
    tenant: 'aac',
    first: 'Julia',
    last: 'Neumann',
    internal: false,
    language: 'de',
    roles: ['customer', 'purchaser'],
    company: bauBecker,
  },
  {
    key: 'sales',
    tenant: 'aac',
    first: 'Peter',
    last: 'Lange',
    internal: false,
    language: 'de',
    roles: ['sales contact', 'member'],
    company: bauBecker,
  },
  {
    key: 'sso',
    tenant: 'aac',
    first: 'Miriam',
    last: 'Kaya',
    internal: false,
    external: true,
    language: 'de',
    roles: ['reviewer'],
    company: ingBuero,
  },
  {
    key: 'cs-admin',
    tenant: 'cs',
    salesOrg: 'NL',
    first: 'Pieter',
    last: 'de Jong',
    internal: true,
    admin: true,
    language: 'nl',
    roles: [],
    company: ksb,
  },
  {
    key: 'cs-planner',
    tenant: 'cs',
    salesOrg: 'NL',
    first: 'Sanne',
    last: 'Bakker',
    internal: true,
    language: 'nl',
    roles: ['salesPlanner'],
    company: ksb,
  },
  {
    key: 'cs-customer',
    tenant: 'cs',
    first: 'Daan',
    last: 'Visser',
    internal: false,
    language: 'nl',
    roles: ['customer', 'purchaser'],
    company: bouwDeVries,
  },
];

export const demoTenants = {
  aac: {
    key: 'celona',
    name: 'Celona Porenbeton',
    color: '#0b7285',
    features: {
      ProjectTools: ['edit-site-address', 'edit-site-contact', 'reviewer-change-request'],
      AllowCreateProjectUnits: true,
      ProjectInfoSheet: true,
      CreateStructure: true,
      DeliveryOverview: true,
      DownloadSelectedFiles: true,
      HasJournal: true,
      ShowTenantInfo: true,
      AdvancedSearch: true,
      Workflow: true,
    },
    info: '<h3>Ihr Team bei Celona</h3><p>Technische Beratung: Mo–Fr 7–17 Uhr, <a href="tel:+495114711200">+49 511 4711 200</a>.</p><p>Bitte laden Sie Pläne als PDF oder IFC hoch.</p>',
    salesOrgs: [
      {
        key: 'NORD',
        title: 'Celona Vertrieb Nord',
        homepage: 'https://nord.celona.example',
        mail: 'vertrieb-nord@celona.example',
      },
      {
        key: 'SUED',
        title: 'Celona Vertrieb Süd',
        homepage: 'https://sued.celona.example',
        mail: 'vertrieb-sued@celona.example',
      },
    ],
    plants: ['Werk Hannover-Misburg', 'Werk Leipzig-Wiederitzsch', 'Werk Augsburg-Lechhausen'],
    productTypes: [
      { title: 'Porenbeton-Planelemente', bg: '#0b7285', fg: '#ffffff' },
      { title: 'Porenbeton-Stürze', bg: '#e67700', fg: '#ffffff' },
      { title: 'Porenbeton-Planblöcke', bg: '#5c940d', fg: '#ffffff' },
    ],
  },
  cs: {
    key: 'ksb',
    name: 'Kalkzandsteen Brabant',
    color: '#a61e4d',
    features: {
      AllowCreateProjectUnits: true,
      ProjectInfoSheet: true,
      CreateStructure: true,
      DeliveryOverview: true,
      HasJournal: true,
      ShowTenantInfo: true,
      Workflow: true,
      HideMemberEMail: true,
    },
    info: '<h3>Klantenservice</h3><p>Bereikbaar op werkdagen van 7:30 tot 16:30 uur.</p>',
    salesOrgs: [
      {
        key: 'NL',
        title: 'KSB Verkoop Nederland',
        homepage: 'https://verkoop.ksb.example',
        mail: 'verkoop@ksb.example',
      },
    ],
    plants: ['Fabriek Tilburg'],
    productTypes: [
      { title: 'Kalkzandsteen-elementen', bg: '#a61e4d', fg: '#ffffff' },
      { title: 'Kalkzandsteen-blokken', bg: '#5f3dc4', fg: '#ffffff' },
    ],
  },
} as const;

export type DemoLot = {
  title: string;
  materials?: { type: string; volume: number; inDays: number }[];
  state?: string;
  type?: string;
  /** Drawing jobs under the approval lot (title and state). */
  drawingJobs?: { title: string; state: string }[];
};
export type DemoSubproject = { title: string; lots: DemoLot[] };
export type DemoProject = {
  tenant: 'aac' | 'cs';
  salesOrg: string;
  title: string;
  state: string;
  sinceDays: number;
  variant?: 'aac_elements' | 'lintel';
  plant: number;
  productType: number;
  isBim?: boolean;
  address?: { name: string; street1: string; zip: string; city: string; country: string };
  subprojects: DemoSubproject[];
  members: Record<string, string[]>;
};

const aacTeam = {
  planner: ['salesPlanner'],
  coordinator: ['projectCoordinator'],
  drafter: ['drafter'],
  bim: ['bimCoordinator'],
  reviewer: ['reviewer'],
  processor: ['process planner'],
  customer: ['customer', 'purchaser'],
  sales: ['sales contact', 'member'],
};

export const demoProjects: DemoProject[] = [
  {
    tenant: 'aac',
    salesOrg: 'NORD',
    title: 'Wohnanlage Lindenhof',
    state: 'Structuring',
    sinceDays: 2,
    plant: 0,
    productType: 0,
    address: {
      name: 'Baustelle Lindenhof',
      street1: 'Lindenallee 4–10',
      zip: '30175',
      city: 'Hannover',
      country: 'DE',
    },
    subprojects: [],
    members: { ...aacTeam, sso: ['reviewer'] },
  },
  {
    tenant: 'aac',
    salesOrg: 'NORD',
    title: 'Ärztehaus Am Markt',
    state: 'Preparing',
    sinceDays: 5,
    plant: 0,
    productType: 0,
    address: { name: 'Ärztehaus Am Markt', street1: 'Am Markt 7', zip: '29221', city: 'Celle', country: 'DE' },
    subprojects: [
      {
        title: 'Haus A',
        lots: [
          {
            title: 'EG Außenwände',
            materials: [
              { type: 'aac', volume: 86.5, inDays: 30 },
              { type: 'lintel', volume: 4.2, inDays: 30 },
            ],
          },
          { title: 'OG Außenwände', materials: [{ type: 'aac', volume: 74, inDays: 44 }] },
        ],
      },
      { title: 'Haus B', lots: [{ title: 'Innenwände', materials: [{ type: 'aac', volume: 52.25, inDays: 51 }] }] },
    ],
    members: aacTeam,
  },
  {
    tenant: 'aac',
    salesOrg: 'NORD',
    title: 'Reihenhäuser Sonnenhang',
    state: 'PendingValidation',
    sinceDays: 9,
    plant: 1,
    productType: 0,
    address: { name: 'Sonnenhang', street1: 'Am Sonnenhang 1–12', zip: '04356', city: 'Leipzig', country: 'DE' },
    subprojects: [
      { title: 'Zeile 1', lots: [{ title: 'Häuser 1–6', materials: [{ type: 'aac', volume: 180, inDays: 40 }] }] },
    ],
    members: aacTeam,
  },
  {
    tenant: 'aac',
    salesOrg: 'SUED',
    title: 'Kita Regenbogen',
    state: 'PendingContract',
    sinceDays: 12,
    plant: 2,
    productType: 2,
    isBim: true,
    address: { name: 'Kita Regenbogen', street1: 'Blücherstraße 33', zip: '86165', city: 'Augsburg', country: 'DE' },
    subprojects: [
      { title: 'Neubau', lots: [{ title: 'Erdgeschoss', materials: [{ type: 'aac', volume: 120, inDays: 60 }] }] },
    ],
    members: aacTeam,
  },
  {
    tenant: 'aac',
    salesOrg: 'NORD',
    title: 'Bürogebäude Hafenkante',
    state: 'ProvideFiles',
    sinceDays: 20,
    plant: 0,
    productType: 0,
    address: { name: 'Hafenkante', street1: 'Großer Grasbrook 9', zip: '20457', city: 'Hamburg', country: 'DE' },
    subprojects: [
      {
        title: 'Bauteil Nord',
        lots: [
          {
            title: '1. OG',
            state: 'ReviewPreliminaryDrawings',
            materials: [{ type: 'aac', volume: 140, inDays: 21 }],
            // One drawing job in each check-data state, so the drawing-job screens can be reached.
            drawingJobs: [
              { title: 'Außenwände Achse A–D', state: 'CheckDataMissing' },
              { title: 'Innenwände Kern', state: 'CCLReadyForDrawing' },
              { title: 'Attika und Stürze', state: 'CCLNotReadyForDrawing' },
            ],
          },
          { title: '2. OG', state: 'ProvideFiles', materials: [{ type: 'aac', volume: 135, inDays: 35 }] },
        ],
      },
    ],
    members: aacTeam,
  },
  {
    tenant: 'aac',
    salesOrg: 'NORD',
    title: 'Mehrfamilienhaus Birkenweg',
    state: 'ProvideFiles',
    sinceDays: 15,
    variant: 'aac_elements',
    plant: 0,
    productType: 0,
    address: { name: 'MFH Birkenweg', street1: 'Birkenweg 14', zip: '31139', city: 'Hildesheim', country: 'DE' },
    subprojects: [
      { title: 'Bauabschnitt 1', lots: [{ title: 'Lieferung Erdgeschoss', type: 'aacorderlot', state: 'PlaceOrder' }] },
    ],
    members: aacTeam,
  },
  {
    tenant: 'aac',
    salesOrg: 'SUED',
    title: 'Einfamilienhaus Kramer',
    state: 'ProvideFiles',
    sinceDays: 8,
    variant: 'lintel',
    plant: 2,
    productType: 1,
    address: { name: 'EFH Kramer', street1: 'Ahornweg 5', zip: '38124', city: 'Braunschweig', country: 'DE' },
    subprojects: [
      { title: 'Rohbau', lots: [{ title: 'Stürze Erdgeschoss', type: 'lintelorderlot', state: 'PlaceOrder' }] },
    ],
    members: aacTeam,
  },
  {
    tenant: 'aac',
    salesOrg: 'NORD',
    title: 'Sporthalle Nordstadt',
    state: 'Closed',
    sinceDays: 120,
    plant: 0,
    productType: 0,
    subprojects: [
      {
        title: 'Halle',
        lots: [{ title: 'Außenwände', state: 'Approved', materials: [{ type: 'aac', volume: 310, inDays: -150 }] }],
      },
    ],
    members: aacTeam,
  },
  {
    tenant: 'cs',
    salesOrg: 'NL',
    title: 'Appartementencomplex De Linde',
    state: 'Structuring',
    sinceDays: 3,
    plant: 0,
    productType: 0,
    address: { name: 'De Linde', street1: 'Lindeplein 2', zip: '5041 AB', city: 'Tilburg', country: 'NL' },
    subprojects: [],
    members: { 'cs-planner': ['salesPlanner'], 'cs-customer': ['customer', 'purchaser'] },
  },
  {
    tenant: 'cs',
    salesOrg: 'NL',
    title: 'Woonzorgcentrum Het Anker',
    state: 'Preparing',
    sinceDays: 6,
    plant: 0,
    productType: 1,
    address: { name: 'Het Anker', street1: 'Havenweg 18', zip: '5051 KM', city: 'Goirle', country: 'NL' },
    subprojects: [
      { title: 'Vleugel Oost', lots: [{ title: 'Begane grond', materials: [{ type: 'cs', volume: 95, inDays: 28 }] }] },
    ],
    members: { 'cs-planner': ['salesPlanner'], 'cs-customer': ['customer', 'purchaser'] },
  },
  // An element project still being structured, with an order lot: the workflow journey walks it to PlaceOrder.
  {
    tenant: 'aac',
    salesOrg: 'NORD',
    title: 'Stadtvillen Eichenhain',
    state: 'Structuring',
    sinceDays: 1,
    variant: 'aac_elements',
    plant: 0,
    productType: 0,
    // A new project: the site address is not known yet.
    subprojects: [{ title: 'Villa 1', lots: [{ title: 'Lieferung Villa 1', type: 'aacorderlot' }] }],
    members: aacTeam,
  },
];
