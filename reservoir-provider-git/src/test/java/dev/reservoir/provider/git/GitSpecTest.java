package dev.reservoir.provider.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class GitSpecTest {

    @Test
    void aPathAloneTakesItsNameFromTheFolder() {
        GitSpec spec = GitSpec.parse("git:./src/My Project");
        assertThat(spec.path()).isEqualTo(Path.of("./src/My Project"));
        assertThat(spec.name()).isNull();
        assertThat(spec.effectiveName()).isEqualTo("my-project");
    }

    @Test
    void theLastHashStartsTheName() {
        GitSpec spec = GitSpec.parse("git:/srv/repos/a#b.git#app");
        assertThat(spec.path()).isEqualTo(Path.of("/srv/repos/a#b.git"));
        assertThat(spec.name()).isEqualTo("app");
    }

    @Test
    void bareAndDotGitFoldersAreNamedAfterTheProject() {
        assertThat(GitSpec.parse("git:/srv/App.git").effectiveName()).isEqualTo("app");
        assertThat(GitSpec.parse("git:/home/me/tool/.git").effectiveName()).isEqualTo("tool");
        assertThat(RepoNames.derive(Path.of("/"))).isEqualTo("repo");
        assertThat(RepoNames.derive(Path.of("/x/---"))).isEqualTo("repo");
    }

    @Test
    void namesMustBeLowerCaseAuthorities() {
        assertThatThrownBy(() -> GitSpec.parse("git:./repo#My Repo"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot be a URI authority");
        assertThatThrownBy(() -> GitSpec.parse("git:./repo#Repo")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> GitSpec.parse("git:./repo#-x")).isInstanceOf(IllegalArgumentException.class);
        assertThat(GitSpec.parse("git:./repo#my_repo.v2").name()).isEqualTo("my_repo.v2");
    }

    @Test
    void otherStringsAreRefusedWithTheFix() {
        assertThat(GitSpec.matches("./docs")).isFalse();
        assertThat(GitSpec.matches("git://repo/tree/main")).isFalse();
        assertThat(GitSpec.matches("git:./repo")).isTrue();
        assertThatThrownBy(() -> GitSpec.parse("git://repo/")).hasMessageContaining("git:PATH");
        assertThatThrownBy(() -> GitSpec.parse("git:")).hasMessageContaining("names no repository");
        assertThatThrownBy(() -> GitSpec.parse("git:./repo#")).hasMessageContaining("gives no name");
        assertThatThrownBy(() -> GitSpec.parse("./repo")).hasMessageContaining("not a git repository spec");
    }

    @Test
    void aSpecPrintsAsItIsWritten() {
        assertThat(GitSpec.parse("git:repo#app")).hasToString("git:repo#app");
    }
}
