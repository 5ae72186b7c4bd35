package dev.reservoir.provider.fs;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * MIME types for text files that Tika names wrongly or not at all: source code, build files and
 * configuration ({@code .rs} is Tika's {@code application/rls-services+xml}, {@code .ts} and
 * {@code .mts} are video and 3D models, {@code go.mod} is a tracker module, {@code .kt},
 * {@code .swift}, {@code .toml}, {@code Dockerfile} and many more are unknown). Used only for
 * content that is text, so a binary file with such a name keeps what its bytes say. Types are
 * {@code text/*} where possible: clients that keep only text types should keep these. Stateless.
 */
final class SourceTypes {

    private static final Map<String, String> BY_EXTENSION = new HashMap<>();
    private static final Map<String, String> BY_NAME = new HashMap<>();

    static {
        ext("text/x-rust", "rs");
        ext("text/x-typescript", "ts", "tsx", "mts", "cts");
        ext("text/javascript", "cjs", "jsx");
        ext("text/x-kotlin", "kt", "kts");
        ext("text/x-swift", "swift");
        ext("text/x-scala", "sc", "sbt");
        ext("text/x-toml", "toml", "lock");
        ext("text/x-groovy", "gradle");
        ext("text/x-dart", "dart");
        ext("text/x-vue", "vue");
        ext("text/x-svelte", "svelte");
        ext("text/x-astro", "astro");
        ext("text/x-zig", "zig");
        ext("text/x-elixir", "ex", "exs", "heex");
        ext("text/x-clojure", "cljs", "cljc", "edn");
        ext("text/x-julia", "jl");
        ext("text/x-objective-c++", "mm");
        ext("text/x-protobuf", "proto");
        ext("text/x-graphql", "graphql", "gql", "graphqls");
        ext("text/x-hcl", "tf", "tfvars", "hcl");
        ext("text/x-nix", "nix");
        ext("text/x-dockerfile", "dockerfile");
        ext("text/x-makefile", "mk", "mak");
        ext("text/x-cmake", "cmake");
        ext("text/x-starlark", "bzl", "star", "bazel");
        ext("text/x-ruby", "gemspec", "podspec", "rake");
        ext("text/x-shellscript", "zsh", "fish", "ksh");
        ext("text/x-powershell", "ps1", "psm1", "psd1");
        ext("text/markdown", "mdx", "rmd", "qmd");
        ext("text/x-org", "org");
        ext("text/x-scss", "scss");
        ext("text/x-sass", "sass");
        ext("text/x-fsharp", "fs", "fsx", "fsi");
        ext("text/x-python", "pyi", "pyw");
        ext("text/x-elm", "elm");
        ext("text/x-nim", "nim", "nimble");
        ext("text/x-crystal", "cr");
        ext("text/x-systemverilog", "sv", "svh");
        ext("text/x-racket", "rkt");
        ext("text/x-solidity", "sol");
        ext("text/x-cuda", "cu", "cuh");
        ext("text/x-glsl", "glsl", "vert", "frag", "wgsl", "hlsl");
        ext("text/x-llvm", "ll");
        ext("text/x-qml", "qml");
        ext("text/x-purescript", "purs");
        ext("text/x-idris", "idr");
        ext("text/x-agda", "agda");
        ext("text/x-lean", "lean");
        ext("text/x-thrift", "thrift");
        ext("text/x-gettext-translation", "po", "pot");
        ext("text/x-texinfo", "texi");
        ext("text/x-cabal", "cabal");
        ext("text/x-dhall", "dhall");
        ext("text/x-bicep", "bicep");
        ext("text/x-jsonnet", "jsonnet", "libsonnet");
        ext("text/x-prisma", "prisma");
        ext("application/json", "jsonc", "json5", "avsc", "tsbuildinfo");
        // Keys, certificates and signatures in PEM or ASCII armour (binary ones keep their bytes' type).
        ext(
                "text/plain",
                "pem",
                "crt",
                "cer",
                "csr",
                "key",
                "pub",
                "asc",
                "env",
                "mod",
                "sum",
                "work",
                "ejs",
                "hbs",
                "mustache",
                "j2",
                "jinja",
                "twig",
                "liquid",
                "wat",
                "mlir",
                "tla",
                "smt2",
                "ron",
                "kdl",
                "http",
                "capnp",
                "fbs",
                "opam");
        name("text/x-dockerfile", "Dockerfile", "Containerfile");
        name("text/x-makefile", "Makefile", "makefile", "GNUmakefile");
        name("text/x-cmake", "CMakeLists.txt");
        name("text/x-groovy", "Jenkinsfile");
        name("text/x-ruby", "Vagrantfile", "Gemfile", "Rakefile", "Podfile", "Brewfile", "Fastfile", "Guardfile");
        name("text/x-starlark", "BUILD", "WORKSPACE", "Tiltfile");
        name("text/plain", "Procfile", "Justfile", "justfile", "Caddyfile");
    }

    private SourceTypes() {}

    private static void ext(String type, String... extensions) {
        for (String extension : extensions) {
            BY_EXTENSION.put(extension, type);
        }
    }

    private static void name(String type, String... names) {
        for (String name : names) {
            BY_NAME.put(name, type);
        }
    }

    /** The type of a text file named {@code name}, or null when Tika should decide. */
    static String of(String name) {
        String exact = BY_NAME.get(name);
        if (exact != null) {
            return exact;
        }
        int dot = name.lastIndexOf('.');
        return dot <= 0 ? null : BY_EXTENSION.get(name.substring(dot + 1).toLowerCase(Locale.ROOT));
    }
}
