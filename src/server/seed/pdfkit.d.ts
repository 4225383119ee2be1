declare module 'pdfkit' {
  import type { Readable } from 'node:stream';
  type TextOptions = { width?: number; continued?: boolean };
  export default class PDFDocument extends Readable {
    constructor(options?: Record<string, unknown>);
    addPage(): this;
    lineWidth(w: number): this;
    rect(x: number, y: number, w: number, h: number): this;
    stroke(): this;
    strokeColor(c: string): this;
    fillColor(c: string): this;
    fillAndStroke(fill: string, stroke: string): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    dash(length: number, options?: { space: number }): this;
    undash(): this;
    translate(x: number, y: number): this;
    fontSize(s: number): this;
    text(text: string, x?: number, y?: number, options?: TextOptions): this;
    text(text: string, options?: TextOptions): this;
    font(name: string): this;
    moveDown(lines?: number): this;
    heightOfString(text: string, options?: TextOptions): number;
    x: number;
    y: number;
    page: { width: number; height: number; margins: { top: number; bottom: number; left: number; right: number } };
    end(): void;
  }
}
