import type { FormData, Sheet } from '../../shared/questionnaire/definition';
import { evaluate, normalize, toStored } from '../../shared/questionnaire/engine';
import { sheetsFor } from '../../shared/questionnaire/variants';
import type { Database } from '../platform/db/database';
import { definitionOf } from '../modules/questionnaire/definitions';

/** Filled-in information sheets of the material-choice tenant (Celona). */
const materialChoice = (materials: string[]): FormData => ({
  'xde-general': {
    materials,
    projectType: 'residential',
    buildingClass: 'GK3',
    storeys: 4,
    plannedStart: '03/2027',
    accessArticulated: true,
    crane: true,
    craneLoad: 1.8,
    craneReach: 40,
    unloadingNote: 'Halteverbot in der Lindenstraße ist beantragt; Entladung werktags 7–16 Uhr.',
    siteManager: 'Jörg Hartmann',
    sitePhone: '+49 511 4711 320',
  },
  'xde-aac': {
    wallThickness: '240',
    strengthClass: 'PP4',
    storeyHeight: 2.75,
    exteriorWalls: true,
    fireWall: true,
    fireRating: 'REI-M90',
    aacNotes: 'Treppenhauswände als Brandwand, Anschluss an Stahlbetondecke.',
  },
  'xde-lintel': { lintelCount: 46, maxOpening: 2.26, loadBearing: 'bearing' },
});

/** Filled-in information sheets of the calcium-silicate supplier (KSB). */
const supplier = (firstDelivery: string): FormData => ({
  'ccl-project': {
    contractor: 'Bouwbedrijf De Vries B.V.',
    contactPerson: 'Daan Visser',
    phone: '+31 13 555 0142',
    email: 'werkvoorbereiding@devries.example',
    dwellings: 42,
    storeys: 5,
    storeyHeight: 2850,
  },
  'ccl-site': { truckTrailer: true, placingMethod: 'crane', siteNotes: 'Losplaats aan de Havenweg, bouwhek poort 2.' },
  'ccl-blocks': { blockTypes: ['L100:cs12', 'L214:cs20', 'LK150:cs12'], glueBags: 60 },
  'ccl-blocks-brick': { blockTypes: ['L100:cs12', 'L214:cs20', 'WF:cs12'], glueBags: 60 },
  'ccl-nl': { bbBreeam: false, constructor: 'Ingenieursbureau Brabant' },
  'ccl-delivery': {
    firstDelivery,
    deliveryNote: 'Levering per bouwlaag, uiterlijk donderdag voor de week van verwerking.',
  },
});

/**
 * Every demo project gets a complete information sheet, so the demo's New-unit tiles and
 * Structuring-finished actions stay open; the supplier's projects get a country (the second one
 * with the brick assortment, so both sheet sets can be seen). A sheet that does not come out
 * valid is a mistake in the demo data and stops the seed.
 */
export async function seedQuestionnaires(trx: Database, tenants: { aac: number; cs: number }): Promise<void> {
  const roots = await trx
    .selectFrom('project_units')
    .select(['project_unit_id', 'tenant_id', 'title'])
    .where('project_unit_type', '=', 'project')
    .orderBy('project_unit_id')
    .execute();
  const now = new Date();
  let csIndex = 0;
  for (const root of roots) {
    let data: FormData;
    let sheets: Sheet[];
    if (root.tenant_id === tenants.cs) {
      const brick = csIndex % 2 === 1;
      csIndex++;
      await trx
        .insertInto('project_unit_params')
        .values([
          { project_unit_id: root.project_unit_id, param_key: 'Country', param_value: 'nl', created_on: now },
          ...(brick
            ? [
                {
                  project_unit_id: root.project_unit_id,
                  param_key: 'BrickAssortment',
                  param_value: 'true',
                  created_on: now,
                },
              ]
            : []),
          {
            project_unit_id: root.project_unit_id,
            param_key: 'FirstDelivery',
            param_value: '2027-W09',
            created_on: now,
          },
        ])
        .execute();
      sheets = sheetsFor(definitionOf('supplier'), { country: 'nl', brickAssortment: brick ? 'true' : null }).sheets;
      data = supplier('2027-W09');
    } else if (root.tenant_id === tenants.aac) {
      sheets = definitionOf('material-choice').sheets;
      data = materialChoice(['aac', 'lintel']);
    } else continue;
    const normalized = normalize(sheets, data);
    const evaluation = evaluate(sheets, normalized);
    if (!evaluation.isValid) {
      const bad = Object.entries(evaluation.sheets).flatMap(([s, st]) =>
        Object.entries(st.controls).flatMap(([c, cs]) => (cs.error ? [`${s}.${c}: ${cs.error}`] : [])),
      );
      throw new Error(`demo information sheet of ${root.title} is not valid: ${bad.join(', ')}`);
    }
    await trx
      .insertInto('questionnaires')
      .values({
        root_project_unit_id: root.project_unit_id,
        data: JSON.stringify(toStored(sheets, normalized)),
        is_valid: true,
        updated_at: now,
      })
      .execute();
  }
}
