#ifndef DOCSPEC_COPENSSL_SHIM_H
#define DOCSPEC_COPENSSL_SHIM_H
// OpenSSL libcrypto (Debian libssl-dev): EVP signatures, PEM/DER keys, X.509 chains.
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/bio.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/x509_vfy.h>
#include <openssl/objects.h>
#include <openssl/crypto.h>
#include <openssl/ocsp.h>
#include <openssl/http.h>
#include <openssl/rand.h>

// OPENSSL_free and sk_X509_* are macros; Swift sees them through these functions.
static inline void docspec_openssl_free(void *p) { OPENSSL_free(p); }
static inline STACK_OF(X509) *docspec_sk_X509_new_null(void) { return sk_X509_new_null(); }
static inline int docspec_sk_X509_push(STACK_OF(X509) *sk, X509 *x) { return sk_X509_push(sk, x); }
static inline void docspec_sk_X509_free(STACK_OF(X509) *sk) { sk_X509_free(sk); }
static inline void docspec_sk_X509_pop_free(STACK_OF(X509) *sk) { sk_X509_pop_free(sk, X509_free); }
static inline int docspec_sk_X509_num(const STACK_OF(X509) *sk) { return sk_X509_num(sk); }
static inline X509 *docspec_sk_X509_value(const STACK_OF(X509) *sk, int i) { return sk_X509_value(sk, i); }
// XN_FLAG_RFC2253 is a macro expression Swift does not import.
static inline int docspec_X509_NAME_print_rfc2253(BIO *out, const X509_NAME *name) {
    return X509_NAME_print_ex(out, name, 0, XN_FLAG_RFC2253);
}
// EVP_EC_gen is a variadic macro.
static inline EVP_PKEY *docspec_ec_p256_generate(void) { return EVP_EC_gen("P-256"); }

// OCSP (RFC 6960). STACK_OF(OPENSSL_STRING) accessors are macros.
static inline int docspec_sk_OPENSSL_STRING_num(const STACK_OF(OPENSSL_STRING) *sk) {
    return sk_OPENSSL_STRING_num(sk);
}
static inline const char *docspec_sk_OPENSSL_STRING_value(const STACK_OF(OPENSSL_STRING) *sk, int i) {
    return sk_OPENSSL_STRING_value(sk, i);
}
// Posts a DER OCSP request to an http:// URL with OpenSSL's HTTP client and reads the DER
// response; the whole exchange (connect included) is bounded by timeout_seconds. Returns NULL on
// any failure (the OpenSSL error queue says why).
static inline OCSP_RESPONSE *docspec_ocsp_exchange(const char *url, OCSP_REQUEST *req, int timeout_seconds) {
    char *host = NULL, *port = NULL, *path = NULL;
    int use_ssl = 0;
    OCSP_RESPONSE *response = NULL;
    BIO *body = NULL, *reply = NULL;
    if (!OSSL_HTTP_parse_url(url, &use_ssl, NULL, &host, &port, NULL, &path, NULL, NULL) || use_ssl) goto done;
    body = BIO_new(BIO_s_mem());
    if (body == NULL || i2d_OCSP_REQUEST_bio(body, req) <= 0) goto done;
    reply = OSSL_HTTP_transfer(NULL, host, port, path, 0, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL,
                               "application/ocsp-request", body, "application/ocsp-response", 1,
                               100 * 1024, timeout_seconds, 0);
    if (reply != NULL) response = d2i_OCSP_RESPONSE_bio(reply, NULL);
done:
    BIO_free(reply);
    BIO_free(body);
    OPENSSL_free(host);
    OPENSSL_free(port);
    OPENSSL_free(path);
    return response;
}
#endif
