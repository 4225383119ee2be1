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
    language: 'de',
    color: '#0b7285',
    /** The browser's chrome for the tenant's users (a darker shade of the logo's colour). */
    brandColor: '#0b5563',
    features: {
      ProjectTools: ['edit-site-address', 'edit-site-contact', 'reviewer-change-request'],
      AllowCreateProjectUnits: true,
      ProjectInfoSheet: { variant: 'material-choice' },
      CreateStructure: true,
      DeliveryOverview: true,
      DownloadSelectedFiles: true,
      HasJournal: true,
      ShowTenantInfo: true,
      AdvancedSearch: true,
      Workflow: true,
    },
    // The information card of the project details page, in the language of the person reading it.
    info: {
      de: '<h3>Ihr Team bei Celona</h3><p>Technische Beratung: Mo–Fr 7–17 Uhr, <a href="tel:+495114711200">+49 511 4711 200</a>.</p><p>Bitte laden Sie Pläne als PDF oder IFC hoch.</p>',
      en: '<h3>Your team at Celona</h3><p>Technical advice: Mon–Fri 7 am–5 pm, <a href="tel:+495114711200">+49 511 4711 200</a>.</p><p>Please upload your plans as PDF or IFC files.</p>',
      nl: '<h3>Uw team bij Celona</h3><p>Technisch advies: ma–vr 7–17 uur, <a href="tel:+495114711200">+49 511 4711 200</a>.</p><p>Upload uw tekeningen als PDF- of IFC-bestand.</p>',
    },
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
    // The name in the tenant's language, and per language for readers of the others.
    plants: [
      { name: 'Werk Hannover-Misburg', names: { en: 'Hanover-Misburg plant', nl: 'Fabriek Hannover-Misburg' } },
      {
        name: 'Werk Leipzig-Wiederitzsch',
        names: { en: 'Leipzig-Wiederitzsch plant', nl: 'Fabriek Leipzig-Wiederitzsch' },
      },
      {
        name: 'Werk Augsburg-Lechhausen',
        names: { en: 'Augsburg-Lechhausen plant', nl: 'Fabriek Augsburg-Lechhausen' },
      },
    ],
    // The title in the tenant's language, and per language for readers of the others.
    productTypes: [
      {
        title: 'Porenbeton-Planelemente',
        titles: { en: 'AAC planar elements', nl: 'Cellenbetonelementen' },
        bg: '#0b7285',
        fg: '#ffffff',
      },
      {
        title: 'Porenbeton-Stürze',
        titles: { en: 'AAC lintels', nl: 'Cellenbetonlateien' },
        bg: '#e67700',
        fg: '#ffffff',
      },
      {
        title: 'Porenbeton-Planblöcke',
        titles: { en: 'AAC thin-bed blocks', nl: 'Cellenbetonlijmblokken' },
        bg: '#5c940d',
        fg: '#ffffff',
      },
    ],
  },
  cs: {
    key: 'ksb',
    name: 'Kalkzandsteen Brabant',
    language: 'nl',
    color: '#a61e4d',
    brandColor: '#a61e4d',
    features: {
      AllowCreateProjectUnits: true,
      ProjectInfoSheet: { variant: 'supplier' },
      CreateStructure: true,
      DeliveryOverview: true,
      HasJournal: true,
      ShowTenantInfo: true,
      Workflow: true,
      HideMemberEMail: true,
    },
    info: {
      nl: '<h3>Klantenservice</h3><p>Bereikbaar op werkdagen van 7:30 tot 16:30 uur.</p>',
      de: '<h3>Kundenservice</h3><p>Erreichbar werktags von 7:30 bis 16:30 Uhr.</p>',
      en: '<h3>Customer service</h3><p>Available on working days from 7:30 am to 4:30 pm.</p>',
    },
    salesOrgs: [
      {
        key: 'NL',
        title: 'KSB Verkoop Nederland',
        homepage: 'https://verkoop.ksb.example',
        mail: 'verkoop@ksb.example',
      },
    ],
    plants: [{ name: 'Fabriek Tilburg', names: { de: 'Werk Tilburg', en: 'Tilburg plant' } }],
    productTypes: [
      {
        title: 'Kalkzandsteen-elementen',
        titles: { de: 'Kalksandstein-Planelemente', en: 'Calcium silicate elements' },
        bg: '#a61e4d',
        fg: '#ffffff',
      },
      {
        title: 'Kalkzandsteen-blokken',
        titles: { de: 'Kalksandstein-Blocksteine', en: 'Calcium silicate blocks' },
        bg: '#5f3dc4',
        fg: '#ffffff',
      },
    ],
  },
} as const;
