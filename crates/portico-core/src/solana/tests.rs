//! Tests of parsing, checking, serializing and describing (see below).
