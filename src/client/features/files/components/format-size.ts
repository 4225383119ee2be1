/** The app's one byte-count format (also the admin's storage usage). */
export { formatSize } from '../../../lib/format-size';
