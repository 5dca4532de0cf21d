import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server in Salesforce's place: the partner SOAP login at /services/Soap/u/<version>
// answers a session for the right username and password+token, and INVALID_LOGIN otherwise, as
// Salesforce does (HTTP 500 with a SOAP fault). Extra routes play a misbehaving server.

export const SALESFORCE_USER = { username: 'ada@acme.example', password: 'S3cret-Pass', securityToken: 'TOKEN123' };

const sessionAnswer = (serverUrl: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns="urn:partner.soap.sforce.com"><soapenv:Body><loginResponse><result><metadataServerUrl>${serverUrl}</metadataServerUrl><passwordExpired>false</passwordExpired><sandbox>false</sandbox><serverUrl>${serverUrl}</serverUrl><sessionId>00Dxx0000001gPL!AR8AQJXg5</sessionId><userId>005xx000001Sv6AAAS</userId></result></loginResponse></soapenv:Body></soapenv:Envelope>`;

const faultAnswer = `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:sf="urn:fault.partner.soap.sforce.com" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Body><soapenv:Fault><faultcode>INVALID_LOGIN</faultcode><faultstring>INVALID_LOGIN: Invalid username, password, security token; or user locked out.</faultstring><detail><sf:LoginFault xsi:type="sf:LoginFault"><sf:exceptionCode>INVALID_LOGIN</sf:exceptionCode></sf:LoginFault></detail></soapenv:Fault></soapenv:Body></soapenv:Envelope>`;

const tag = (xml: string, name: string) => new RegExp(`<(?:\\w+:)?${name}>([^<]*)</(?:\\w+:)?${name}>`).exec(xml)?.[1];
const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

export interface LocalSalesforce {
  url: string;
  /** Login requests received (their SOAPAction and username; never the password). */
  logins: { soapAction: string | undefined; username: string | undefined }[];
  close(): Promise<void>;
}

export async function startLocalSalesforce(): Promise<LocalSalesforce> {
  const logins: LocalSalesforce['logins'] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      if (path.startsWith('/hang')) {
        hanging.add(res);
        return;
      }
      if (path.startsWith('/redirect-to')) {
        const target = decodeURIComponent(path.slice('/redirect-to/'.length));
        res.writeHead(307, { location: target }).end();
        return;
      }
      if (!/^\/services\/Soap\/u\/\d+\.\d+$/.test(path) || req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const username = tag(body, 'username');
      const password = tag(body, 'password');
      logins.push({
        soapAction: req.headers.soapaction as string | undefined,
        username: username && unescapeXml(username),
      });
      const right =
        username !== undefined &&
        password !== undefined &&
        unescapeXml(username) === SALESFORCE_USER.username &&
        unescapeXml(password) === SALESFORCE_USER.password + SALESFORCE_USER.securityToken;
      res
        .writeHead(right ? 200 : 500, { 'content-type': 'text/xml; charset=utf-8' })
        .end(right ? sessionAnswer(`${url}/services/Soap/u/59.0/00Dxx`) : faultAnswer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    logins,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
