# Sourced by ./sluice and .ci/run: finds a JDK >= 21 and exports JAVA_HOME, or explains what is missing.
# Order: JAVA_HOME if it is one; the `java` on PATH; the newest under /usr/lib/jvm, /usr/local/jdk*, /opt/*jdk*.

sluice_jdk_major() { # $1: a JDK home; prints its feature version, or nothing
  local home=$1 v=""
  [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || return 0
  if [ -f "$home/release" ]; then
    v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release")
  fi
  if [ -z "$v" ]; then
    v=$("$home/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/.*java.specification.version = \([0-9]*\).*/\1/p')
  fi
  echo "$v"
}

sluice_select_jdk() {
  local candidates=() seen="" home major best="" best_major=0
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  if command -v java >/dev/null 2>&1; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
  fi
  for home in /usr/lib/jvm/* /usr/local/jdk* /opt/*jdk* /opt/java/*; do
    [ -d "$home" ] && candidates+=("$home")
  done
  for home in "${candidates[@]}"; do
    home=$(readlink -f "$home")
    case " $seen " in *" $home "*) continue ;; esac
    seen="$seen $home"
    major=$(sluice_jdk_major "$home")
    [ -n "$major" ] || continue
    # JAVA_HOME wins when it is recent enough; otherwise take the newest found.
    if [ "$major" -ge 21 ] && [ "$home" = "$(readlink -f "${JAVA_HOME:-/nonexistent}")" ]; then
      best=$home; best_major=$major; break
    fi
    if [ "$major" -gt "$best_major" ]; then best=$home; best_major=$major; fi
  done
  if [ -z "$best" ] || [ "$best_major" -lt 21 ]; then
    echo "sluice: needs a JDK 21 or newer, and found none (looked at JAVA_HOME, java on PATH, /usr/lib/jvm, /opt)." >&2
    [ -n "$best" ] && echo "sluice: the newest found is $best (Java $best_major)." >&2
    echo "sluice: install one (for example: apt-get install openjdk-21-jdk-headless) or set JAVA_HOME to it." >&2
    return 1
  fi
  export JAVA_HOME=$best
  export PATH="$JAVA_HOME/bin:$PATH"
}
