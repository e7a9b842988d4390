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
 * another began. Credentials are discoverable: signing in names no address.
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
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await data.team.addChallenge(options.challenge, 'register', member.id, new Date(Date.now() + challengeMs));
  return options;
}

/** Checks a new passkey against the challenge made for this member, and keeps it; false when it fails. */
export async function registerPasskey(
  data: Data,
  config: Config,
  memberId: string,
  response: RegistrationResponseJSON,
  name: string,
): Promise<boolean> {
  const { rpID, origin } = relyingParty(config);
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: async (challenge) =>
        (await data.team.takeChallenge(challenge, 'register', new Date()))?.memberId === memberId,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    if (!verification.verified) return false;
    const { credential } = verification.registrationInfo;
    await data.team.addPasskey({
      id: credential.id,
      member_id: memberId,
      name,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
    });
    return true;
  } catch {
    return false;
  }
}

export async function authenticationOptions(data: Data, config: Config) {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    userVerification: 'preferred',
  });
  await data.team.addChallenge(options.challenge, 'authenticate', null, new Date(Date.now() + challengeMs));
  return options;
}

/** The member whose passkey answered an open challenge, or null. */
export async function authenticate(
  data: Data,
  config: Config,
  response: AuthenticationResponseJSON,
): Promise<string | null> {
  const passkey = await data.team.passkey(response.id);
  if (!passkey) return null;
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
      requireUserVerification: false,
    });
    if (!verification.verified) return null;
    await data.team.passkeyUsed(passkey.id, verification.authenticationInfo.newCounter);
    return passkey.member_id;
  } catch {
    return null;
  }
}
