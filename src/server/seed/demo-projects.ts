/** The demo projects: their states, structure, materials, addresses and teams (users in demo-data.ts). */

import type { ProjectUnitType, StateKey } from '../../shared/schemas/project-unit';

export type DemoLot = {
  title: string;
  materials?: { type: string; volume: number; inDays: number }[];
  state?: StateKey;
  type?: ProjectUnitType;
  /** Drawing jobs under the approval lot (title and state). */
  drawingJobs?: { title: string; state: StateKey }[];
};
export type DemoSubproject = { title: string; lots: DemoLot[] };
export type DemoProject = {
  tenant: 'aac' | 'cs';
  salesOrg: string;
  title: string;
  state: StateKey;
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
          { title: '3. OG', state: 'ReviewRevisedDrawings', materials: [{ type: 'aac', volume: 60, inDays: 49 }] },
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
