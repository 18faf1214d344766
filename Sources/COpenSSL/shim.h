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
#endif
