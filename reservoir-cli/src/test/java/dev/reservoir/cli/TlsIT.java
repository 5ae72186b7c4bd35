package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client commands against {@code serve --tls-keystore} with a self-signed certificate made by
 * keytool: refused in words by default, accepted with -k, or with --cacert and the server's own
 * certificate.
 */
@Timeout(120)
class TlsIT {

    @TempDir
    static Path dir;

    private static Process server;
    private static String endpoint;

    @BeforeAll
    static void serveHttps() throws Exception {
        selfSigned("server", "CN=localhost", "SAN=dns:localhost,ip:127.0.0.1");
        selfSigned("other", "CN=other", "SAN=dns:other.example");
        Files.writeString(dir.resolve("password"), "secret123\n");
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("a.md"), "a\n");
        server = new ProcessBuilder(
                        Cli.java(),
                        "-jar",
                        Cli.jar(),
                        "serve",
                        docs.toString(),
                        "--http",
                        "127.0.0.1:0",
                        "--tls-keystore",
                        dir.resolve("server.p12").toString(),
                        "--tls-password-file",
                        dir.resolve("password").toString())
                .start();
        endpoint = Cli.bannerUrl(server, "https");
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.destroyForcibly();
        }
    }

    /** NAME.p12: a keystore with a self-signed key and certificate; NAME.pem: the certificate alone. */
    private static void selfSigned(String name, String dname, String san) throws IOException, InterruptedException {
        String store = dir.resolve(name + ".p12").toString();
        keytool(
                "-genkeypair -alias " + name + " -keyalg EC -groupname secp256r1 -validity 2 -storetype PKCS12"
                        + " -storepass secret123 -keystore " + store,
                "-dname",
                dname,
                "-ext",
                san);
        keytool(
                "-exportcert -rfc -alias " + name + " -storepass secret123 -keystore " + store,
                "-file",
                dir.resolve(name + ".pem").toString());
    }

    /** Runs keytool: the options in the first argument (split at spaces), then the rest as they are. */
    private static void keytool(String options, String... more) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(options.split(" ")));
        command.addAll(List.of(more));
        Process keytool = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(keytool.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(keytool.exitValue()).as(output).isZero();
    }

    @Test
    void aSelfSignedCertificateIsRefusedInWords() {
        Cli.Run run = Cli.run("info", "--no-counts", endpoint);
        assertThat(run.code()).isEqualTo(ExitCodes.UNREACHABLE);
        assertThat(run.err()).contains("certificate not trusted (self-signed?)").doesNotContain("PKIX");
    }

    @Test
    void insecureAcceptsItForAnyHostName() {
        Cli.Run run = Cli.run("info", "--no-counts", "-k", endpoint);
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains("over Streamable HTTP");
        Cli.Run byName = Cli.run("ls", "--insecure", endpoint.replace("127.0.0.1", "localhost"));
        assertThat(byName.code()).as(byName.err()).isZero();
        assertThat(byName.out()).contains("a.md");
    }

    @Test
    void cacertTrustsTheCertificatesInTheFileOnly() {
        Cli.Run trusted = Cli.run(
                "info", "--no-counts", "--cacert", dir.resolve("server.pem").toString(), endpoint);
        assertThat(trusted.code()).as(trusted.err()).isZero();
        Cli.Run other = Cli.run(
                "info", "--no-counts", "--cacert", dir.resolve("other.pem").toString(), endpoint);
        assertThat(other.code()).isEqualTo(ExitCodes.UNREACHABLE);
        assertThat(other.err()).contains("certificate not trusted");
        Cli.Run missing = Cli.run("info", "--cacert", dir.resolve("nope.pem").toString(), endpoint);
        assertThat(missing.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(missing.err()).contains("nope.pem: no such file");
    }
}
