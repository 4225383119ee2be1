import { markTemplate } from '../platform/http/page-template';

/** A page as Vite 7 writes it: the entry's script and module hints injected at the end of the head. */
export const vitePage = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <meta name="theme-color" content="#0b7285" />
    <title>Planport</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/keys-1.js">
    <meta name="planport-build" content="20261124">
  </head>
  <body style="margin: 0">
    <div id="root">
      <div>Planport</div>
    </div>
  </body>
</html>`;

/** The built client's index.html: Vite's page with the regions the server fills (vite.config.ts marks them). */
export const builtPage = markTemplate(vitePage, '/assets/index-1.js');
