package dev.reservoir.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/** Which HTTPS certificates the client commands accept besides the JDK's: as curl's -k and --cacert. */
final class TlsTrust {

    private TlsTrust() {}

    /** Trusts the certificates (PEM or DER, one or more) in this file, and no others (as curl's --cacert). */
    static SSLContext trusting(Path caFile) {
        Collection<? extends Certificate> certificates;
        try (InputStream in = Files.newInputStream(caFile)) {
            certificates = CertificateFactory.getInstance("X.509").generateCertificates(in);
        } catch (NoSuchFileException e) {
            throw new LocalFileException("--cacert " + caFile + ": no such file");
        } catch (IOException | GeneralSecurityException e) {
            throw new LocalFileException(
                    "--cacert " + caFile + " holds no certificate (PEM or DER): " + e.getMessage());
        }
        if (certificates.isEmpty()) {
            throw new LocalFileException("--cacert " + caFile + " holds no certificate (PEM or DER)");
        }
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int i = 0;
            for (Certificate certificate : certificates) {
                store.setCertificateEntry("ca-" + i++, certificate);
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(store);
            return context(factory.getTrustManagers());
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("could not set up TLS with " + caFile + ": " + e.getMessage(), e);
        }
    }

    /**
     * Accepts any certificate for any host name (as curl's -k): the connection is encrypted but the
     * server is not authenticated. An extended trust manager, so the JDK leaves the host name check
     * to it too, and it skips that as well.
     */
    static SSLContext insecure() {
        return context(new TrustManager[] {new TrustingEveryone()});
    }

    private static SSLContext context(TrustManager[] trust) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK has no TLS: " + e.getMessage(), e);
        }
    }

    private static final class TrustingEveryone extends X509ExtendedTrustManager {
        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {}

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
