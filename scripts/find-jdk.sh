# Sourced by scripts/mvn, scripts/bench and ./reservoir: sets RESERVOIR_JAVA_HOME to a JDK 21 or
# newer. Looks at $RESERVOIR_JAVA_HOME, $JAVA_HOME, the java on PATH, then the usual install
# folders, and takes the first JDK 21+ it finds in that order (the newest one among the install
# folders). Also says whether built jars are out of date (reservoir_jars_stale).

# True when one of the jars is missing, or a source or pom of the project at ROOT is newer than
# the oldest of them: ROOT JAR... . Bash's own tests and one find: ./reservoir runs this at every
# start, and MCP clients start it for every session.
reservoir_jars_stale() {
  local root=$1 jar oldest=""
  shift
  for jar in "$@"; do
    [ -f "$jar" ] || return 0
    if [ -z "$oldest" ] || [ "$jar" -ot "$oldest" ]; then oldest=$jar; fi
  done
  [ -n "$(find "$root/pom.xml" "$root"/reservoir-*/pom.xml "$root"/reservoir-*/src/main -newer "$oldest" -print -quit 2>/dev/null)" ]
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
