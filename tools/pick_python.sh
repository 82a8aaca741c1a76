#!/bin/sh
# The Python that builds .venv (Makefile, $(VENV)/.base); POSIX sh with builtins only.
#
#   sh tools/pick_python.sh [PYTHON]   prints the interpreter to build .venv with: PYTHON when
#                                      given, else the newest python3.X on PATH (3.14 down to
#                                      3.11, then python3); says which on stderr
#   sh tools/pick_python.sh --venv DIR checks the Python an existing DIR was made with
#
# Either refuses (exit 1, one sentence on stderr) a Python older than 3.11: pyproject.toml's
# requires-python, which pip would otherwise refuse later with a less helpful message.

SUPPORTED="CPython 3.11 or newer (3.11, 3.12, 3.13, 3.14)"

# "3.12.1" for an interpreter, empty when it does not run.
version_of() {
    out=$("$1" --version 2>&1) || return 0
    case $out in
        "Python "*) printf '%s\n' "${out#Python }" ;;
    esac
}

# True when the version ($1, e.g. 3.12.1 or 3.14.0rc1) is 3.11 or newer.
is_supported() {
    major=${1%%.*}
    rest=${1#*.}
    minor=${rest%%[!0-9]*}
    case $major$minor in
        '' | *[!0-9]*) return 1 ;;
    esac
    [ "$major" -gt 3 ] || { [ "$major" -eq 3 ] && [ "$minor" -ge 11 ]; }
}

# Exit 1 with $1 and what to do: install a supported Python or name it (the default), or
# remake .venv ($2 = venv).
refuse() {
    if [ "$2" = venv ]; then
        todo="make clean removes it, and make then builds it anew with the newest one on PATH"
    else
        todo="install one, or name it, e.g. make run PYTHON=/usr/bin/python3.12"
    fi
    printf '%s This project needs %s: %s.\n' "$1" "$SUPPORTED" "$todo" >&2
    exit 1
}

if [ "$1" = "--venv" ]; then
    py=$2/bin/python
    version=$(version_of "$py")
    [ -n "$version" ] || refuse "$2 was made by a Python that no longer runs ($py)." venv
    is_supported "$version" || refuse "$2 was made by Python $version." venv
    exit 0
fi

if [ -n "$1" ]; then
    py=$(command -v "$1") || refuse "PYTHON=$1 is not an interpreter found on this machine."
    version=$(version_of "$py")
    [ -n "$version" ] || refuse "PYTHON=$1 ($py) does not run."
    is_supported "$version" || refuse "PYTHON=$1 is Python $version."
    printf 'using Python %s (%s)\n' "$version" "$py" >&2
    printf '%s\n' "$py"
    exit 0
fi

found=""
for name in python3.14 python3.13 python3.12 python3.11 python3; do
    py=$(command -v "$name") || continue
    version=$(version_of "$py")
    [ -n "$version" ] || continue
    if is_supported "$version"; then
        printf 'using Python %s (%s)\n' "$version" "$py" >&2
        printf '%s\n' "$py"
        exit 0
    fi
    found="$found, Python $version ($py)"
done
[ -n "$found" ] && refuse "Found only ${found#, }."
refuse "No python3.14, python3.13, python3.12, python3.11 or python3 on PATH."
