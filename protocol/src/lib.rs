//! The escalade front end.
