// Mantine's style sheet, loaded by the entry before the first screen renders (src/client/main.tsx)
// instead of as a render-blocking link: the page's inline-styled placeholder paints at once, and the
// server announces the sheet with the page (static-client.ts), so it still loads beside the code.
import '@mantine/core/styles.css';
