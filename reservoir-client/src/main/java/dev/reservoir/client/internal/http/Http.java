package dev.reservoir.client.internal.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpResponse;
import java.nio.channels.UnresolvedAddressException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.util.Locale;
import javax.net.ssl.SSLHandshakeException;

/** Small helpers the HTTP client ends share. */
final class Http {

    private Http() {}

    static String contentType(HttpResponse<?> response) {
        String type = response.headers().firstValue("Content-Type").orElse("");
        int semicolon = type.indexOf(';');
        return (semicolon < 0 ? type : type.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }

    static void closeQuietly(InputStream in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException e) {
                // closing to abort; nothing to do
            }
        }
    }

    static String snippet(String text) {
        if (text == null) {
            return null;
        }
        String flat = text.replaceAll("\\s+", " ").trim();
        return flat.length() > 200 ? flat.substring(0, 200) + "..." : flat;
    }

    /**
     * Why a connection failed, in words: the JDK's exceptions often have no message, or one made
     * for developers (a PKIX path of class names).
     */
    static String describe(Throwable t, URI endpoint) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            String message = c.getMessage() == null ? "" : c.getMessage();
            if (c instanceof UnresolvedAddressException || c instanceof UnknownHostException) {
                return "unknown host " + endpoint.getHost();
            }
            if (c instanceof HttpConnectTimeoutException) {
                return "connecting timed out";
            }
            if (c instanceof CertPathBuilderException || c instanceof CertPathValidatorException) {
                return "certificate not trusted (self-signed?)";
            }
            if (c instanceof CertificateException && message.contains("subject alternative")) {
                return "the certificate is not for this host (" + message + ")";
            }
            if (c instanceof SSLHandshakeException && message.contains("PKIX")) {
                return "certificate not trusted (self-signed?)";
            }
            if (c instanceof ConnectException && !message.isEmpty()) {
                return message.toLowerCase(Locale.ROOT); // "no route to host", "connection refused"
            }
        }
        if (t instanceof ConnectException) {
            return "connection refused"; // the JDK's HTTP client says it with no message at all
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
