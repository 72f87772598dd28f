/** Small real files for upload tests (valid magic numbers, tiny bodies). */
import { deflateSync } from 'node:zlib';

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

export const samples = {
  /** A real 1×1 PNG. */
  png: (rgb: [number, number, number] = [200, 40, 40]) => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(1, 0);
    ihdr.writeUInt32BE(1, 4);
    ihdr[8] = 8;
    ihdr[9] = 2;
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.from([0, ...rgb]))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  },
  jpeg: () =>
    Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from('JFIF\0'),
      Buffer.alloc(64),
      Buffer.from([0xff, 0xd9]),
    ]),
  webp: () => {
    const b = Buffer.alloc(40);
    b.write('RIFF', 0);
    b.writeUInt32LE(32, 4);
    b.write('WEBPVP8 ', 8);
    return b;
  },
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  mp4: () => {
    const b = Buffer.alloc(64);
    b.writeUInt32BE(24, 0);
    b.write('ftypisom', 4);
    b.writeUInt32BE(512, 12);
    b.write('isomiso2', 16);
    return b;
  },
  mp3: () =>
    Buffer.concat([
      Buffer.from('ID3'),
      Buffer.from([3, 0, 0, 0, 0, 0, 0]),
      Buffer.from([0xff, 0xfb, 0x90, 0x64]),
      Buffer.alloc(400),
    ]),
};

export type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string };

/** A multipart/form-data body for app.inject. */
export async function multipartPayload(parts: Part[]) {
  const fd = new FormData();
  for (const p of parts) {
    if ('value' in p) fd.append(p.name, p.value);
    else fd.append(p.name, new Blob([new Uint8Array(p.file)]), p.filename);
  }
  const req = new Request('http://local/', { method: 'POST', body: fd });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')! },
  };
}

/** A multipart body built synchronously (for route-by-route tests). */
export function multipartSync(fields: Record<string, string>, file?: { name: string; filename: string; data: Buffer }) {
  const boundary = '----product-test-boundary';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Shared (admin + supplier) product routes that take no shop or record id: nothing to scope. */
export const PRODUCT_IDLESS = [
  '/api/product/masterproduct',
  '/api/product/masterproductedit',
  '/api/product/getfeatureattribute',
  '/api/product/masterrooms',
  '/api/product/mastersize',
  '/api/masterdata/masterattribute',
  ...[
    'masterproductlevel1',
    'masterproductlevel2',
    'masterbrand',
    'masterproductunit',
    'masterwarranty',
    'masterunitdimension',
    'masterweightunit',
    'mastervolumeunit',
    'mastercolor',
    'masterproductstatus',
    'mastershippingtype',
    'mastertisproduct',
    'masterfeedback',
  ].map((n) => `/api/masterdata/${n}`),
];

/** Valid requests for the product routes, with the given shop and product ids (security.test.ts). */
export function productSample(method: string, url: string, ids: { shop: number; product: number }) {
  // The install rates' staff REST resource (owner none): rate 1 exists in the seed.
  if (url.startsWith('/api/v2/install-rates')) {
    const at = url.replace(':id', '1');
    if (method === 'PATCH') return { method: 'PATCH' as const, url: at, payload: { status: 'active' } };
    return { method: 'GET' as const, url: at };
  }
  const P = '/api/product/';
  if (!url.startsWith(P) && !url.startsWith('/api/masterdata/')) return undefined;
  const name = url.slice(url.lastIndexOf('/') + 1);
  const { shop, product } = ids;
  if (method === 'GET') {
    const byShop = [
      'productlist',
      'exportcsv',
      'newproductlist',
      'exportnewproductcsv',
      'listproductvirtualroom',
      'productapprovelist',
      'getDatavisible',
    ];
    if (byShop.includes(name)) return { method: 'GET' as const, url: `${url}?shopId=${shop}` };
    if (name === 'searchproductcode') return { method: 'GET' as const, url: `${url}?shopId=${shop}&code=X1` };
    const noId = [
      'masterproduct',
      'masterproductedit',
      'getfeatureattribute',
      'masterrooms',
      'mastersize',
      'getmasterdatavisible',
      'getfilspacailfeature',
      'searchgp',
      'productinstallrate',
    ];
    if (noId.includes(name) || url.startsWith('/api/masterdata/')) return { method: 'GET' as const, url };
    return { method: 'GET' as const, url: `${url}?id=${product}` };
  }
  const upload = (fields: Record<string, string>, filename: string, data: Buffer) => ({
    method: 'POST' as const,
    url,
    ...multipartSync(fields, { name: 'file', filename, data }),
  });
  const uploads: Record<string, () => ReturnType<typeof upload>> = {
    uploadimageproduct: () => upload({ id: String(product) }, 'a.png', samples.png()),
    uploadvideo: () => upload({ id: String(product) }, 'a.mp4', samples.mp4()),
    saveaudio: () => upload({ id: String(product) }, 'a.mp3', samples.mp3()),
    senttis: () => upload({ id: String(product), tisId: '1' }, 'a.pdf', samples.pdf()),
    attributeicon: () => upload({ id: '1' }, 'a.png', samples.png()),
  };
  if (uploads[name]) return uploads[name]();
  const bodies: Record<string, object> = {
    createnewproduct: { shopId: shop, code: 'PROBE-1', name: 'Probe', price: 10 },
    editproduct: { id: product, version: 1, name: 'Probe' },
    editnewproduct: { id: product, version: 1, name: 'Probe' },
    changeprice: { id: product, price: 10 },
    unapproveproduct: { id: product, reason: 'Probe' },
    productonline: { ids: [product], online: true },
    updatastatusvisible: { id: product, channel: 'web', visible: false },
    deleteimageproduct: { id: product, imageId: 1 },
    deleteimgnewproduct: { id: product, imageId: 1 },
    deletevideo: { id: product, videoId: 1 },
    deleteaudio: { id: product, audioId: 1 },
    sortimageproduct: { id: product, imageIds: [] },
    sortimgnewproduct: { id: product, imageIds: [] },
    insertLogEditimage: { id: product, action: 'probe' },
    insertStatusEditImage: { id: product, status: 'requested' },
    setlinkyoutubeproduct: { id: product, url: null },
    updatestatusattribute: { id: product, attributeId: 1, status: false },
    changetagsearch: { id: product, tags: ['probe'] },
    createproductroom: { id: product, roomId: 1, sizeId: 1 },
    setstatusinstallrate: { id: 1, status: 'inactive' },
    attributestatus: { id: 1, status: 'inactive' },
    createattribute: { name: 'Probe' },
    editattribute: { id: 1, name: 'Probe' },
  };
  // deleteTis / getImageTis / deleteproductroom take their own record ids: a product id of another shop never matches one in scope.
  return { method: 'POST' as const, url, payload: bodies[name] ?? { id: product } };
}
