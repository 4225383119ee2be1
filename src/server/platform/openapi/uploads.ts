import { TUS_PATH } from '../../modules/files/upload';

/**
 * The resumable upload endpoint (tus 1.0, @tus/server) in the API description. Its routes are
 * hidden from the generator (tus reads headers and the raw body itself and writes its own
 * answers), so the operations are described here, by hand, as the routes handle them
 * (modules/files/upload-routes.ts).
 */

const errorBody = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
const error = (description: string) => ({ description, ...errorBody });

const tusResumable = {
  name: 'Tus-Resumable',
  in: 'header',
  required: true,
  description: 'The tus protocol version; always `1.0.0`.',
  schema: { type: 'string', enum: ['1.0.0'] },
};
const uploadId = {
  name: 'uploadId',
  in: 'path',
  required: true,
  description: 'The id at the end of the `Location` of the creation answer.',
  schema: { type: 'string', maxLength: 64 },
};
const offsetHeader = {
  'Upload-Offset': { description: 'Bytes received so far.', schema: { type: 'integer', minimum: 0 } },
  'Tus-Resumable': { schema: { type: 'string' } },
};
const session = 'Needs a session (cookie and `X-Requested-With: XMLHttpRequest`); API tokens are refused (403).';
const common = {
  400: error(
    'A tus header is missing or malformed, or a PATCH body is not `application/offset+octet-stream` (`ValidationFailed`).',
  ),
  401: error('No session.'),
  403: error('No right to upload here, the CSRF header is missing, or an API token was sent.'),
  404: error('No such unit, or no such upload of the caller.'),
};

export const uploadPaths = {
  [TUS_PATH]: {
    post: {
      tags: ['files'],
      summary: 'Start a resumable upload',
      description:
        "Announces a file (tus creation): `Upload-Length` is its size in bytes, `Upload-Metadata` carries `unitId` (the unit the file belongs to) and `filename`, each base64-encoded. Access, name, kind, size, quota and upload limits are checked before any byte is sent. The answer's `Location` is where the bytes go (PATCH). When the last byte arrives the file, or a new version of a file of that name, is stored on the unit (`file.version.added` webhook event). " +
        session,
      parameters: [
        tusResumable,
        {
          name: 'Upload-Length',
          in: 'header',
          required: true,
          description: 'The size of the whole file in bytes.',
          schema: { type: 'integer', minimum: 1 },
        },
        {
          name: 'Upload-Metadata',
          in: 'header',
          required: true,
          description: 'Comma-separated `key base64(value)` pairs: `unitId`, `filename`.',
          schema: { type: 'string', maxLength: 2000 },
          example: 'unitId NDI=,filename cGxhbi5wZGY=',
        },
      ],
      responses: {
        201: {
          description: 'Created; send the bytes to `Location`.',
          headers: {
            Location: {
              description: "The upload's address, `/api/file/uploads/{uploadId}`.",
              schema: { type: 'string' },
            },
            'Tus-Resumable': { schema: { type: 'string' } },
          },
        },
        ...common,
        413: error("Larger than the tenant's size limit or quota (`PayloadTooLarge`)."),
        415: error("A file kind the tenant's policy does not allow (`UnsupportedMediaType`)."),
        429: error('Too many uploads open or started per minute (`TooManyAttempts`).'),
      },
    },
  },
  [`${TUS_PATH}/{uploadId}`]: {
    head: {
      tags: ['files'],
      summary: 'Upload progress',
      description: 'How many bytes of the upload have arrived, to resume after a broken connection. ' + session,
      parameters: [uploadId, tusResumable],
      responses: {
        200: {
          description: 'The offset to continue from.',
          headers: {
            ...offsetHeader,
            'Upload-Length': { description: 'The announced size.', schema: { type: 'integer' } },
          },
        },
        ...common,
      },
    },
    patch: {
      tags: ['files'],
      summary: 'Send upload bytes',
      description:
        'Appends bytes at `Upload-Offset` (which must equal the offset the server has). The request that brings the last byte stores the file; its answer comes once the file is stored. ' +
        session,
      parameters: [
        uploadId,
        tusResumable,
        {
          name: 'Upload-Offset',
          in: 'header',
          required: true,
          description: 'Where these bytes start; the current offset (HEAD).',
          schema: { type: 'integer', minimum: 0 },
        },
      ],
      requestBody: {
        required: true,
        content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
      responses: {
        204: { description: 'Bytes taken; the new offset is in `Upload-Offset`.', headers: offsetHeader },
        ...common,
        409: error("The offset differs from the server's, or the upload is finished already."),
        413: error('More bytes than announced: the upload is discarded (`PayloadTooLarge`).'),
      },
    },
    delete: {
      tags: ['files'],
      summary: 'Cancel an upload',
      description: 'Discards an unfinished upload and gives back its reserved space at once. ' + session,
      parameters: [uploadId, tusResumable],
      responses: {
        204: { description: 'Cancelled.' },
        ...common,
        409: error('The upload is finished already.'),
      },
    },
  },
};
