package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
        keytool(
                "-genkeypair",
                "-alias",
                "server",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=localhost",
                "-ext",
                "SAN=dns:localhost,ip:127.0.0.1",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                dir.resolve("server.p12").toString(),
                "-storepass",
                "secret123");
        keytool(
                "-exportcert",
                "-rfc",
                "-alias",
                "server",
                "-keystore",
                dir.resolve("server.p12").toString(),
                "-storepass",
                "secret123",
                "-file",
                dir.resolve("server.pem").toString());
        keytool(
                "-genkeypair",
                "-alias",
                "other",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=other",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                dir.resolve("other.p12").toString(),
                "-storepass",
                "secret123");
        keytool(
                "-exportcert",
                "-rfc",
                "-alias",
                "other",
                "-keystore",
                dir.resolve("other.p12").toString(),
                "-storepass",
                "secret123",
                "-file",
                dir.resolve("other.pem").toString());
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
        endpoint = endpoint(server);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.destroyForcibly();
        }
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(args));
        Process keytool = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(keytool.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(keytool.exitValue()).as(output).isZero();
    }

    private static String endpoint(Process process) throws IOException {
        BufferedReader err =
                new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
        Pattern at = Pattern.compile("over HTTP at (https://\\S+)");
        for (String line; (line = err.readLine()) != null; ) {
            Matcher m = at.matcher(line);
            if (m.find()) {
                Thread.ofPlatform().daemon().start(() -> {
                    try {
                        err.transferTo(java.io.Writer.nullWriter());
                    } catch (IOException e) {
                        // ended
                    }
                });
                return m.group(1);
            }
        }
        throw new AssertionError("the server did not say where it listens");
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
