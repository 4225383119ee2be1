// A printed sheet's PDF (the information sheet, the sign-off record), rendered with pdfkit in a
// worker thread through the one worker runner (see print-pdf.ts).
import PDFDocument from 'pdfkit';

/** @param {{ heading: string; title: string; sheets: { label: string; sections: { label: string; rows: { label: string; value: string }[] }[] }[]; emptyText: string }} job */
function render(job) {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${job.title} – ${job.heading}` } });
    /** @type {Buffer[]} */
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const width = doc.page.width - 100;
    const labelWidth = width * 0.4;
    const ensure = (height) => {
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    };
    doc.font('Helvetica').fontSize(10).fillColor('#666666').text(job.heading, 50, 50);
    doc.font('Helvetica-Bold').fontSize(18).fillColor('#000000').text(job.title, { width });
    doc.moveDown(0.8);
    if (job.sheets.length === 0) doc.font('Helvetica').fontSize(11).text(job.emptyText, { width });
    for (const sheet of job.sheets) {
      ensure(60);
      doc.font('Helvetica-Bold').fontSize(14).fillColor('#0b7285').text(sheet.label, 50, doc.y, { width });
      doc.moveDown(0.3);
      for (const section of sheet.sections) {
        ensure(40);
        doc.font('Helvetica-Bold').fontSize(11).fillColor('#000000').text(section.label, 50, doc.y, { width });
        doc.moveDown(0.2);
        for (const row of section.rows) {
          doc.font('Helvetica').fontSize(10);
          const h = Math.max(
            doc.heightOfString(row.label, { width: labelWidth - 8 }),
            doc.heightOfString(row.value, { width: width - labelWidth }),
          );
          ensure(h + 6);
          const y = doc.y;
          doc.fillColor('#444444').text(row.label, 50, y, { width: labelWidth - 8 });
          doc.fillColor('#000000').text(row.value, 50 + labelWidth, y, { width: width - labelWidth });
          doc.y = y + h + 4;
        }
        doc.moveDown(0.5);
      }
      doc.moveDown(0.5);
    }
    doc.end();
  });
}

/** @returns {Promise<Uint8Array>} the PDF, in a buffer of its own (moved to the caller). */
export async function renderSheetPdf(job) {
  return new Uint8Array(await render(job));
}
