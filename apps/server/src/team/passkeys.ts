import type * as SimpleWebAuthn from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Config } from '../config.ts';
import type { Repositories } from '../repositories/index.ts';
import type { TeamMember } from '../repositories/team.ts';

/**
 * The passkey ceremonies (D41), through SimpleWebAuthn. The relying party is the host of
 * PUBLIC_URL, and a response is taken only from its origin. Each challenge is kept in the
 * database for five minutes and used once, so any server of a cluster can finish a ceremony
 * another began. Credentials are discoverable: signing in names no address. Every ceremony
 * requires user verification (a fingerprint, face, screen lock or PIN), so a passkey alone, such
 * as a security key without a PIN, opens nothing: an admin's passkey can export and erase.
 */
const challengeMs = 5 * 60_000;

/**
 * SimpleWebAuthn and its ASN.1 and COSE libraries, loaded at the first ceremony rather than at
 * start: they add about half a second to a server's start, which every public page would wait for.
 */
let library: Promise<typeof SimpleWebAuthn> | undefined;
const webauthn = () => (library ??= import('@simplewebauthn/server'));

const relyingParty = (config: Config) => {
  const url = new URL(config.urls.public);
  return { rpID: url.hostname, origin: url.origin };
};

type Data = Pick<Repositories, 'team'>;

export async function registrationOptions(data: Data, config: Config, member: TeamMember) {
  const existing = await data.team.passkeys(member.id);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: 'Growmail team console',
    rpID: relyingParty(config).rpID,
    userName: member.email,
    userDisplayName: member.name,
    userID: new TextEncoder().encode(member.id),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.id,
      transports: JSON.parse(passkey.transports) as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await data.team.addChallenge(options.challenge, 'register', member.id, new Date(Date.now() + challengeMs));
  return options;
}

/** A new passkey that passed its ceremony, ready to be kept with `addPasskey`. */
export type NewPasskey = Parameters<Repositories['team']['addPasskey']>[0];

/**
 * Checks a new passkey against the challenge made for this member; what to keep, or undefined
 * when it fails. The caller keeps it in the transaction that also audits it.
 */
export async function checkNewPasskey(
  data: Data,
  config: Config,
  memberId: string,
  response: RegistrationResponseJSON,
  name: string,
): Promise<NewPasskey | undefined> {
  const { rpID, origin } = relyingParty(config);
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: async (challenge) =>
        (await data.team.takeChallenge(challenge, 'register', new Date()))?.memberId === memberId,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    if (!verification.verified) return undefined;
    const { credential } = verification.registrationInfo;
    return {
      id: credential.id,
      member_id: memberId,
      name,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    return undefined;
  }
}

export async function authenticationOptions(data: Data, config: Config) {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    userVerification: 'required',
  });
  await data.team.addChallenge(options.challenge, 'authenticate', null, new Date(Date.now() + challengeMs));
  return options;
}

/**
 * What a sign-in's answer proved: nothing (`unknown`, no such passkey), a failure against a
 * known member's passkey (`refused`), or the member it signs in.
 */
export type Authentication =
  { outcome: 'unknown' } | { outcome: 'refused'; memberId: string } | { outcome: 'signed-in'; memberId: string };

export async function authenticate(
  data: Data,
  config: Config,
  response: AuthenticationResponseJSON,
): Promise<Authentication> {
  const passkey = await data.team.passkey(response.id);
  if (!passkey) return { outcome: 'unknown' };
  const refused = { outcome: 'refused', memberId: passkey.member_id } as const;
  const { rpID, origin } = relyingParty(config);
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: async (challenge) =>
        Boolean(await data.team.takeChallenge(challenge, 'authenticate', new Date())),
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: Buffer.from(passkey.public_key, 'base64url'),
        counter: Number(passkey.counter),
        transports: JSON.parse(passkey.transports) as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    if (!verification.verified) return refused;
    await data.team.passkeyUsed(passkey.id, verification.authenticationInfo.newCounter);
    return { outcome: 'signed-in', memberId: passkey.member_id };
  } catch {
    return refused;
  }
}
