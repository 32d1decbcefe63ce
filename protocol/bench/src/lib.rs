//! The counting commands: `escalade perft` (leaf counts of the legal move tree, per root
//! move and over threads) and `escalade bench` (fixed positions searched to a fixed depth:
//! the node count is the search's signature, nodes per second its speed).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bench;
pub mod perft;
