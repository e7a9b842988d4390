import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';

/** A push as the loopback push service received it. */
export type ReceivedPush = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

/**
 * A loopback HTTPS server that plays a push service: it answers 201 for a live subscription and
 * 410 or 404 for one whose path ends in `/gone` or `/unknown`, and keeps what arrived. Its
 * certificate is self-signed for 127.0.0.1: `cert` is what a client must trust (a spawned command's
 * NODE_EXTRA_CA_CERTS, or this process's `tls.setDefaultCACertificates`).
 */
export async function startPushService() {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const received: ReceivedPush[] = [];
  const server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      const status = request.url?.endsWith('/gone') ? 410 : request.url?.endsWith('/unknown') ? 404 : 201;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cert: pems.cert,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * What a browser holds for a push subscription: a P-256 key pair and a 16-byte auth secret,
 * and the decryption it applies to a message (RFC 8291 keys, RFC 8188 aes128gcm). Written
 * with node:crypto alone so it checks the web-push library rather than repeating it.
 */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    decrypt: (body: Buffer) => decryptAes128gcm(body, ecdh, auth),
  };
}

function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  // RFC 8188 §2.1 header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('expected a single record');

  // RFC 8291 §3.3–3.4: the input keying material from ECDH and the auth secret.
  const ecdhSecret = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  // RFC 8188 §2.2–2.3: the content-encryption key and the nonce (record 0: no XOR).
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('missing the last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID header (RFC 8292): an ES256 JWT for the push service's origin, signed by the given key. */
export function verifyVapid(authorization: string, origin: string, publicKey: string) {
  const match = /^vapid t=([^,]+),\s*k=(\S+)$/.exec(authorization);
  if (!match) throw new Error(`not a vapid authorization: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error('signed with another key');
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33).toString('base64url'),
  };
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('bad signature');
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (payload.aud !== origin) throw new Error(`audience ${payload.aud} is not ${origin}`);
  return payload;
}
