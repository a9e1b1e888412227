// Device onboarding over plain HTTP (issue 30): GET /setup (the page), /setup/check.js (its one script) and /ca.crt
// (the certificate authority to install). Owns these routes and the page's Content-Security-Policy; never decides which
// hosts reach them (the HTTP listener's rule) nor makes the certificate (server/tls).
import type { FastifyInstance } from 'fastify';
import { ServerMessages } from '../../src/protocol/messages';
import type { DeviceSetupSource } from '../tls/types';
import {
  appOrigin, CA_PATH, CHECK_SCRIPT_PATH, deviceOf, SETUP_CHECK_SCRIPT, SETUP_PATH, setupContentSecurityPolicy, setupPageHtml,
} from './setup-page-html';

/** The CA download's name on the device: what the steps tell a person to choose. */
const CA_FILE_NAME = 'LotDesk-CA.crt';

export function registerSetupPage(app: FastifyInstance, deviceSetup: DeviceSetupSource): void {
  app.get(SETUP_PATH, async (request, reply) => {
    const facts = deviceSetup.facts();
    const origin = appOrigin(facts, { host: request.host, protocol: request.protocol });
    const html = setupPageHtml({ facts, device: deviceOf(request.headers['user-agent']), origin });
    return reply
      // Replaces the app's policy, which http/security-headers.ts set when the request arrived.
      .header('content-security-policy', setupContentSecurityPolicy(facts.mode === 'auto' ? origin : undefined))
      // Made per request (the device, the host it came by, the fingerprint): no copy is kept anywhere.
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  app.get(CHECK_SCRIPT_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/javascript; charset=utf-8').send(SETUP_CHECK_SCRIPT),
  );

  app.get(CA_PATH, async (request, reply) => {
    const pem = deviceSetup.caCertificatePem();
    if (pem === undefined) {
      // TLS=files or off: there is no authority of ours to trust.
      return reply.code(404).send({ errorCode: 404, message: ServerMessages.notFoundHttp(request.method, CA_PATH) });
    }
    return reply
      .header('content-type', 'application/x-x509-ca-cert')
      .header('content-disposition', `attachment; filename="${CA_FILE_NAME}"`)
      // The authority may be replaced (a new data folder): a device always gets the one the server has now.
      .header('cache-control', 'no-store')
      .send(pem);
  });
}
