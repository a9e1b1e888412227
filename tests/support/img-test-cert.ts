// A self-signed certificate for img.test (EC P-256, valid to 2126), only so the URL fetch's tests can see which
// name the client sends in SNI. Made with: openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes
// -days 36500 -subj /CN=img.test -addext subjectAltName=DNS:img.test
export const IMG_TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgMGQP3ObOaqZTb/P+
JtLEjmOA8XRCPgCqvLbsNuLnouWhRANCAARTSXSe59bA5pZk00YiquETnC0ZZG7j
4NywN/zrvGIOOMT0KqP2yk0gbL8SDNzP/aDaAFduyrJn0Fo42JEaV9wr
-----END PRIVATE KEY-----
`;

export const IMG_TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBkjCCATigAwIBAgIUHLAqhQtUS2tKqUyvf+yrx4ucZrwwCgYIKoZIzj0EAwIw
EzERMA8GA1UEAwwIaW1nLnRlc3QwIBcNMjYxMTI1MTcwOTEwWhgPMjEyNjExMDEx
NzA5MTBaMBMxETAPBgNVBAMMCGltZy50ZXN0MFkwEwYHKoZIzj0CAQYIKoZIzj0D
AQcDQgAEU0l0nufWwOaWZNNGIqrhE5wtGWRu4+DcsDf867xiDjjE9Cqj9spNIGy/
Egzcz/2g2gBXbsqyZ9BaONiRGlfcK6NoMGYwHQYDVR0OBBYEFHeP2mTgYNTd9klA
Bl2NGroy0fIiMB8GA1UdIwQYMBaAFHeP2mTgYNTd9klABl2NGroy0fIiMA8GA1Ud
EwEB/wQFMAMBAf8wEwYDVR0RBAwwCoIIaW1nLnRlc3QwCgYIKoZIzj0EAwIDSAAw
RQIhAI+b6yjdMAsYSFwwQP+S4c0uBY5Bb1uA603NWlxxlQ8BAiAl/j+E9lB4l2Zg
ZOsNQKFPjoHMP+O6JymplHlPbDZCsA==
-----END CERTIFICATE-----
`;
