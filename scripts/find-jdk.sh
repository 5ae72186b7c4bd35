# Sourced by scripts/mvn, scripts/bench and ./reservoir: sets RESERVOIR_JAVA_HOME to a JDK 21 or
# newer. Looks at $RESERVOIR_JAVA_HOME, $JAVA_HOME, the java on PATH, then the usual install
# folders, and takes the first JDK 21+ it finds in that order (the newest one among the install
# folders). Also says whether built jars are out of date (reservoir_jars_stale).

# True when one of the jars is missing, or a pom of the project at ROOT, or a source of a module
# a jar is built from, is newer than the oldest of them: ROOT JAR... . A jar is named by its
# module's folder (reservoir-cli/target/reservoir.jar is reservoir-cli's): its sources are those of
# that module and of the modules it needs to run, not every module's (an edit to the Spring Boot
# starter does not make `./reservoir` rebuild the command line, nor a bench run restart it).
# Bash's own tests and one find: ./reservoir runs this at every start, and MCP clients start it
# for every session. The modules a jar needs come from the poms: worked out once, they are kept
# in target/reservoir-modules beside the jar while no pom is newer than that list.
reservoir_jars_stale() {
  local root=$1 jar oldest="" module list pom fresh modules dirs=()
  shift
  for jar in "$@"; do
    [ -f "$jar" ] || return 0
    if [ -z "$oldest" ] || [ "$jar" -ot "$oldest" ]; then oldest=$jar; fi
  done
  for jar in "$@"; do
    module=${jar%/target/*}
    module=${module##*/}
    list=${jar%/target/*}/target/reservoir-modules
    fresh=
    if [ -f "$list" ]; then
      fresh=yes
      for pom in "$root/pom.xml" "$root"/reservoir-*/pom.xml; do
        if [ "$pom" -nt "$list" ]; then fresh=; break; fi
      done
    fi
    if [ -n "$fresh" ]; then
      mapfile -t modules <"$list"
    else
      mapfile -t modules < <(reservoir_modules "$root" "$module")
      { printf '%s\n' "${modules[@]}" >"$list.new" && mv -f "$list.new" "$list"; } 2>/dev/null \
        || rm -f "$list.new" 2>/dev/null || true
    fi
    for module in "${modules[@]}"; do  # once each: the jars of scripts/bench share modules
      case " ${dirs[*]} " in *" $root/$module/src/main "*) ;; *) dirs+=("$root/$module/src/main") ;; esac
    done
  done
  [ -n "$(find "$root/pom.xml" "$root"/reservoir-*/pom.xml "${dirs[@]}" -newer "$oldest" -print -quit 2>/dev/null)" ]
}

# The modules of the project at ROOT that MODULE is built from, one a line, MODULE first: its
# dependencies on the project's own modules other than test ones (optional ones count: a jar
# may shade them), and theirs, as the poms declare them (one <dependency> a line, as all ours are).
reservoir_modules() {
  local root=$1 todo=("$2") seen=" " module dep
  while [ ${#todo[@]} -gt 0 ]; do
    module=${todo[0]}
    todo=("${todo[@]:1}")
    case $seen in *" $module "*) continue ;; esac
    seen="$seen$module "
    [ -f "$root/$module/pom.xml" ] || continue
    echo "$module"
    for dep in $(sed -n -E 's#^ *<dependency><groupId>dev\.reservoir</groupId><artifactId>(reservoir-[a-z0-9-]+)</artifactId>(<optional>true</optional>)?</dependency>.*#\1#p' "$root/$module/pom.xml"); do
      todo+=("$dep")
    done
  done
}

_reservoir_java_major() {
  "$1/bin/java" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = //p' | head -n 1 | cut -d. -f1
}

_reservoir_is_jdk21() {
  [ -n "$1" ] && [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 1
  local major
  major=$(_reservoir_java_major "$1")
  [ -n "$major" ] && [ "$major" -ge 21 ] 2>/dev/null
}

reservoir_find_jdk() {
  local candidate path_java best="" best_major=0 major
  for candidate in "${RESERVOIR_JAVA_HOME:-}" "${JAVA_HOME:-}"; do
    if _reservoir_is_jdk21 "$candidate"; then RESERVOIR_JAVA_HOME=$candidate; return 0; fi
  done
  path_java=$(command -v java 2>/dev/null || true)
  if [ -n "$path_java" ]; then
    candidate=$(cd "$(dirname "$(readlink -f "$path_java")")/.." && pwd)
    if _reservoir_is_jdk21 "$candidate"; then RESERVOIR_JAVA_HOME=$candidate; return 0; fi
  fi
  for candidate in /usr/lib/jvm/* /usr/java/* /opt/java/* /opt/jdk* \
      /Library/Java/JavaVirtualMachines/*/Contents/Home \
      "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/* "$HOME"/.local/share/mise/installs/java/*; do
    [ -L "$candidate" ] && continue
    _reservoir_is_jdk21 "$candidate" || continue
    major=$(_reservoir_java_major "$candidate")
    if [ "$major" -gt "$best_major" ]; then best=$candidate; best_major=$major; fi
  done
  if [ -n "$best" ]; then RESERVOIR_JAVA_HOME=$best; return 0; fi
  echo "reservoir: no JDK 21 or newer found. Install one (for example 'apt-get install openjdk-21-jdk')" >&2
  echo "reservoir: or point RESERVOIR_JAVA_HOME at it." >&2
  return 1
}
