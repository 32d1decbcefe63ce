//! FIDE chess.
